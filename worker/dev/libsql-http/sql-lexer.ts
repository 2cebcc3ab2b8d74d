/**
 * A small SQLite tokenizer that finds statement boundaries and parameters.
 *
 * The native driver hides what sqld relies on: `prepare()` silently ignores everything after
 * the first statement (Hrana requires an error for that), and there is no
 * `sqlite3_bind_parameter_name`, so named arguments cannot be matched to parameter slots. Worse,
 * binding an object whose keys do not fit the statement can abort the whole process inside the
 * driver. So we work the structure out ourselves and always bind by position.
 *
 * It understands quotes, comments, the four parameter forms (`?`, `?NNN`, `:a`/`@a`/`$a`), and
 * CREATE TRIGGER bodies, whose inner semicolons do not end the statement.
 */

/** One statement of a SQL text. */
export interface SqlStatement {
  /** The statement's own text, without the terminating semicolon. */
  sql: string;
  /** Name of parameter i+1 as SQLite reports it (`:id`, `?3`), or null for `?` and unused slots. */
  params: Array<string | null>;
  /** First keyword, upper-cased (`SELECT`, `EXPLAIN`), or "" if the statement starts otherwise. */
  firstKeyword: string;
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const PARAM_CHAR = /[A-Za-z0-9_\u0080-\uffff]/;

/** Index just past a quoted run starting at `i` (`''`-style doubling escapes the quote). */
function skipQuoted(sql: string, i: number, close: string): number {
  let j = i + 1;
  for (;;) {
    const k = sql.indexOf(close, j);
    if (k < 0) return sql.length;
    if (close !== "]" && sql[k + 1] === close) {
      j = k + 2;
      continue;
    }
    return k + 1;
  }
}

/** Builds one statement while its tokens are scanned. */
class StatementBuilder {
  readonly params: Array<string | null> = [];
  private readonly names = new Map<string, number>();
  readonly words: string[] = [];
  /** CASE ... END nesting, so a CASE's END inside a trigger is not taken as the trigger's END. */
  caseDepth = 0;
  /** The last significant token was the END that closes a trigger body. */
  endedTrigger = false;
  hasTokens = false;

  constructor(readonly start: number) {}

  /** Gives a parameter its slot the way SQLite numbers them. */
  param(name: string | null, explicitIndex?: number): void {
    if (explicitIndex !== undefined) {
      while (this.params.length < explicitIndex) this.params.push(null);
      this.params[explicitIndex - 1] = name;
    } else if (name === null || !this.names.has(name)) {
      this.params.push(name);
      if (name !== null) this.names.set(name, this.params.length);
    }
  }

  isTrigger(): boolean {
    const [a, b, c] = this.words;
    return a === "CREATE" && (b === "TRIGGER" || ((b === "TEMP" || b === "TEMPORARY") && c === "TRIGGER"));
  }
}

/** Splits SQL into its non-empty statements, each with its parameter slots. */
export function splitSql(sql: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let cur = new StatementBuilder(0);
  const finish = (end: number) => {
    if (cur.hasTokens) {
      out.push({ sql: sql.slice(cur.start, end).trim(), params: cur.params, firstKeyword: cur.words[0] ?? "" });
    }
    cur = new StatementBuilder(end + 1);
  };

  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === "-" && next === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl + 1;
      continue;
    }
    if (ch === "/" && next === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close < 0 ? sql.length : close + 2;
      continue;
    }
    if (ch === ";") {
      // Inside CREATE TRIGGER only `END;` ends the statement; other semicolons separate its body.
      if (!cur.isTrigger() || cur.endedTrigger) finish(i);
      else cur.endedTrigger = false;
      i++;
      continue;
    }

    cur.hasTokens = true;
    let wordUpper: string | null = null;
    if (ch === "'" || ch === '"' || ch === "`") {
      i = skipQuoted(sql, i, ch);
    } else if (ch === "[") {
      i = skipQuoted(sql, i, "]");
    } else if (ch === "?") {
      let j = i + 1;
      while (j < sql.length && /[0-9]/.test(sql[j]!)) j++;
      if (j > i + 1) cur.param(sql.slice(i, j), Number(sql.slice(i + 1, j)));
      else cur.param(null);
      i = j;
    } else if ((ch === ":" || ch === "@" || ch === "$") && next !== undefined && PARAM_CHAR.test(next)) {
      let j = i + 1;
      // `$` names may contain `::` (Tcl namespaces), as in SQLite's tokenizer.
      while (j < sql.length && (PARAM_CHAR.test(sql[j]!) || (ch === "$" && sql.startsWith("::", j)))) {
        j += sql[j] === ":" ? 2 : 1;
      }
      cur.param(sql.slice(i, j));
      i = j;
    } else if (WORD_START.test(ch)) {
      let j = i + 1;
      while (j < sql.length && WORD_CHAR.test(sql[j]!)) j++;
      wordUpper = sql.slice(i, j).toUpperCase();
      i = j;
    } else if (/[0-9.]/.test(ch)) {
      let j = i + 1;
      while (j < sql.length && /[0-9A-Za-z_.]/.test(sql[j]!)) j++;
      i = j;
    } else {
      i++;
    }

    if (wordUpper !== null && cur.words.length < 3) cur.words.push(wordUpper);
    cur.endedTrigger = false;
    if (wordUpper === "CASE") cur.caseDepth++;
    else if (wordUpper === "END") {
      if (cur.caseDepth > 0) cur.caseDepth--;
      else cur.endedTrigger = true;
    }
  }
  finish(sql.length);
  return out;
}
