/**
 * The simulator's PIX Automático state: locations, recurrences, push requests and charge
 * instructions, the handlers server.ts calls for their operations (bodies already checked against
 * the document) and the control calls that play the payer's bank. See automatico.ts.
 */
import { randomBytes } from "node:crypto";
import { crc16ccitt } from "../../../domain/pix/brcode";
import { nextBusinessDay, type AutomaticoCallback, type AutomaticoDeps, type CobrOutcome, type ControlFailure } from "./automatico";

type Json = Record<string, any>;
type Answer = { status: number; body?: unknown; mediaType?: string };
type Meta = { invalid: string; notFound: string };
type Handler = (p: Record<string, string>, q: Json, body: Json, meta: Meta) => Answer;

interface Loc { id: number; location: string; criacao: string; idRec?: string }
interface Rec { idRec: string; fields: Json; status: string; atualizacao: Json[]; encerramento?: Json; ativacao: Json; loc?: number }
interface Cobr { txid: string; idRec: string; fields: Json; criacao: string; status: string; atualizacao: Json[]; tentativas: Json[]; encerramento?: Json; paidOnRetry: boolean; canonical: string }

const now = () => new Date().toISOString();
const brazilDate = (days = 0) => new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const tail = (n: number) => [...randomBytes(n)].map((b) => ALNUM[b % ALNUM.length]).join("");
const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;
const json = (status: number, body: unknown): Answer => ({ status, body: structuredClone(body), mediaType: "application/json" });
const stamp = () => brazilDate().replace(/-/g, "");
/** The simulator's code for a refusal for funds (the document lists codes, not their meanings). */
export const FUNDS_REFUSAL = { codigo: "AM02", descricao: "Saldo insuficiente na conta do usuário pagador (simulado)." };

/** The PIX Automático side of one simulator. `fail` makes a control error. */
export function createAutomatico(deps: AutomaticoDeps, fail: ControlFailure) {
  let locs = new Map<number, Loc>();
  let recs = new Map<string, Rec>();
  let cobrs = new Map<string, Cobr>();
  let hooks: { rec?: string; cobr?: string } = {};
  let sent: AutomaticoCallback[] = [];
  let nextLoc = 1;
  const v = (razao: string, propriedade: string, valor?: string) => ({ razao, propriedade, ...(valor !== undefined ? { valor } : {}) });

  const locView = (l: Loc) => ({ id: l.id, location: l.location, tipo: "rec", criacao: l.criacao, ...(l.idRec ? { idRec: l.idRec } : {}) });

  /** RecGerada (create, revise); `full`: RecCompleta (GET), with the retry policy and the composite QR for `txid`. */
  function recView(r: Rec, full: boolean, txid?: string): Json {
    const f = r.fields;
    const view: Json = {
      idRec: r.idRec,
      vinculo: f.vinculo,
      calendario: f.calendario,
      ...(f.valor ? { valor: f.valor } : {}),
      recebedor: { ...deps.receiver, ...(f.recebedor?.convenio ? { convenio: f.recebedor.convenio } : {}) },
      status: r.status,
      ...(r.loc !== undefined ? { loc: locView(locs.get(r.loc)!) } : {}),
      atualizacao: r.atualizacao,
      ...(r.encerramento ? { encerramento: r.encerramento } : {}),
      ativacao: r.ativacao,
    };
    if (full) {
      view.politicaRetentativa = f.politicaRetentativa;
      const cob = txid ? deps.cobBrCode(txid) : undefined;
      // The composite QR: the cob's BR Code with the recurrence's location (field 80) before the CRC.
      if (cob && r.loc !== undefined) {
        const body = `${cob.slice(0, -8)}${tlv("80", tlv("00", "br.gov.bcb.pix") + tlv("25", locs.get(r.loc)!.location))}6304`;
        view.dadosQR = { jornada: "JORNADA_3", pixCopiaECola: body + crc16ccitt(body) };
      }
    }
    return structuredClone(view);
  }

  const recNote = (r: Rec) => ({ idRec: r.idRec, status: r.status, atualizacao: r.atualizacao, ...(r.encerramento ? { encerramento: r.encerramento } : {}), ativacao: r.ativacao });

  function cobrView(c: Cobr, full: boolean): Json {
    const f = c.fields;
    const recebedor = full ? f.recebedor : { ...deps.receiver, ...f.recebedor };
    const view: Json = {
      idRec: c.idRec,
      txid: c.txid,
      ...(f.infoAdicional ? { infoAdicional: f.infoAdicional } : {}),
      calendario: { criacao: c.criacao, dataDeVencimento: f.calendario.dataDeVencimento },
      valor: f.valor,
      ajusteDiaUtil: f.ajusteDiaUtil,
      recebedor,
      status: c.status,
    };
    if (full) Object.assign(view, { politicaRetentativa: recs.get(c.idRec)!.fields.politicaRetentativa, atualizacao: c.atualizacao, tentativas: c.tentativas, ...(c.encerramento ? { encerramento: c.encerramento } : {}) });
    return structuredClone(view);
  }

  const cobrNote = (c: Cobr) => ({ idRec: c.idRec, txid: c.txid, status: c.status, atualizacao: c.atualizacao, tentativas: c.tentativas, ...(c.encerramento ? { encerramento: c.encerramento } : {}) });

  async function notify(kind: "rec" | "cobr", entry: Json): Promise<AutomaticoCallback | undefined> {
    const base = hooks[kind];
    if (!base) return undefined;
    const body = kind === "rec" ? { recs: [entry] } : { cobsr: [entry] };
    const validate = kind === "rec" ? deps.schemas.validateRecCallback : deps.schemas.validateCobrCallback;
    if (!validate(body)) deps.bug(`${kind} callback body: ${JSON.stringify(validate.errors)}`);
    // The document: the callback goes to `{webhookUrl}/rec` or `{webhookUrl}/cobr`.
    const callback: AutomaticoCallback = { url: `${base}/${kind}`, body: structuredClone(body), ...(await deps.post(`${base}/${kind}`, JSON.stringify(body))) };
    sent.push(callback);
    return callback;
  }

  const setRec = (r: Rec, status: string) => (r.status = status, r.atualizacao.push({ status, data: now() }));
  const setCobr = (c: Cobr, status: string) => (c.status = status, c.atualizacao.push({ status, data: now() }));
  const attempt = (tipo: string, dataLiquidacao: string) => ({ dataLiquidacao, tipo, endToEndId: `E${deps.ispb}${new Date().toISOString().replace(/[-:T]/g, "").slice(0, 12)}${tail(11)}`, status: "AGENDADA", atualizacao: [{ status: "SOLICITADA", data: now() }, { status: "AGENDADA", data: now() }] });
  const setAttempt = (t: Json, status: string) => (t.status = status, t.atualizacao.push({ status, data: now() }));

  function createRec(body: Json, meta: Meta): Answer {
    const f = body;
    const violations = [];
    if (f.calendario.dataInicial < brazilDate()) violations.push(v("O campo rec.calendario.dataInicial é anterior à data de criação da recorrência.", "rec.calendario.dataInicial", f.calendario.dataInicial));
    if (f.calendario.dataFinal && f.calendario.dataFinal < f.calendario.dataInicial) violations.push(v("O campo rec.calendario.dataFinal é anterior ao campo rec.calendario.dataInicial.", "rec.calendario.dataFinal", f.calendario.dataFinal));
    if (f.valor?.valorRec && f.valor?.valorMinimoRecebedor) violations.push(v("Ambos os campos rec.valor.valorRec e rec.valor.valorMinimoRecebedor estão preenchidos.", "rec.valor"));
    const loc = f.loc === undefined ? undefined : locs.get(f.loc);
    if (f.loc !== undefined && !loc) violations.push(v("O location referenciado por rec.loc inexiste.", "rec.loc", String(f.loc)));
    if (loc?.idRec) violations.push(v("O location referenciado por rec.loc já está sendo utilizado por outra recorrência.", "rec.loc", String(f.loc)));
    if (violations.length) throw deps.problem(meta.invalid, violations);
    const idRec = `R${f.politicaRetentativa === "NAO_PERMITE" ? "N" : "R"}${deps.ispb}${stamp()}${tail(11)}`;
    const rec: Rec = { idRec, fields: structuredClone(f), status: "CRIADA", atualizacao: [{ status: "CRIADA", data: now() }], ativacao: { tipoJornada: "AGUARDANDO_DEFINICAO", ...(f.ativacao?.dadosJornada ? { dadosJornada: f.ativacao.dadosJornada } : {}) }, ...(loc ? { loc: loc.id } : {}) };
    if (loc) loc.idRec = idRec;
    recs.set(idRec, rec);
    return json(201, recView(rec, false));
  }

  function putCobr(txid: string, body: Json, meta: Meta): Answer {
    const canonical = JSON.stringify(body);
    const existing = cobrs.get(txid);
    if (existing?.canonical === canonical) return json(201, cobrView(existing, false));
    const violations = [];
    if (existing) violations.push(v("O txid já é utilizado por uma cobrança recorrente.", "cobr.txid", txid));
    const rec = recs.get(body.idRec);
    if (!rec) violations.push(v("A recorrência referenciada por cobr.idRec inexiste.", "cobr.idRec", body.idRec));
    else if (rec.status !== "APROVADA") violations.push(v(`A recorrência referenciada por cobr.idRec está ${rec.status}, não APROVADA.`, "cobr.idRec", body.idRec));
    const due = body.calendario.dataDeVencimento;
    // The BCB's window: the instruction is sent 2 to 10 days before the due date.
    if (due < brazilDate(2) || due > brazilDate(10)) violations.push(v("O campo cobr.calendario.dataDeVencimento deve estar entre 2 e 10 dias após a data de criação da cobrança.", "cobr.calendario.dataDeVencimento", due));
    if (/^0+\.00$/.test(body.valor.original)) violations.push(v("O campo cobr.valor.original é zero.", "cobr.valor.original", body.valor.original));
    if (violations.length) throw deps.problem(meta.invalid, violations);
    const settles = body.ajusteDiaUtil ? nextBusinessDay(due) : due;
    const cobr: Cobr = { txid, idRec: body.idRec, fields: structuredClone(body), criacao: brazilDate(), status: "CRIADA", atualizacao: [{ status: "CRIADA", data: now() }], tentativas: [attempt("AGND", settles)], paidOnRetry: false, canonical };
    cobrs.set(txid, cobr);
    const answer = json(201, cobrView(cobr, false));
    setCobr(cobr, "ATIVA"); // the payer's bank took the instruction and scheduled it
    return answer;
  }

  function retry(txid: string, data: string, meta: Meta): Answer {
    const cobr = cobrs.get(txid);
    if (!cobr) throw deps.problem(meta.notFound);
    const violations = [];
    const last = cobr.tentativas.at(-1)!;
    if (recs.get(cobr.idRec)!.fields.politicaRetentativa !== "PERMITE_3R_7D") violations.push(v("A política configurada na recorrência não permite retentativa de cobrança.", "cobr.idRec", cobr.idRec));
    else if (cobr.status !== "ATIVA" || last.status !== "REJEITADA") violations.push(v("A cobrança não tem tentativa rejeitada a ser repetida.", "cobr.status", cobr.status));
    else if (cobr.tentativas.length >= 4) violations.push(v("A cobrança já teve as 3 retentativas permitidas.", "cobr.tentativas"));
    const first = cobr.tentativas[0]!.dataLiquidacao;
    const limit = new Date(Date.parse(`${first}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    if (data <= last.dataLiquidacao || data > limit) violations.push(v("A data da retentativa deve ser posterior à última tentativa e até 7 dias após a primeira.", "data", data));
    if (violations.length) throw deps.problem(meta.invalid, violations);
    cobr.tentativas.push(attempt("RIFL", data));
    const answer = json(201, cobrView(cobr, true));
    // A charge armed "retried-then-paid": the payer's bank pays the retry; its callback follows the answer.
    if (cobr.paidOnRetry) queueMicrotask(() => void settleCobr(txid, "paid").catch((e) => deps.bug(String(e))));
    return answer;
  }

  async function settleCobr(txid: string, outcome: CobrOutcome) {
    const cobr = cobrs.get(txid);
    if (!cobr) throw fail(404, `no cobr with txid ${txid}`);
    const current = cobr.tentativas.at(-1)!;
    if (cobr.status !== "ATIVA" || current.status !== "AGENDADA") throw fail(409, `cobr ${txid} is ${cobr.status} with no attempt scheduled`);
    if (outcome === "paid") {
      setAttempt(current, "PAGA");
      setCobr(cobr, "CONCLUIDA");
    } else if (outcome === "insufficient-funds" || outcome === "retried-then-paid") {
      setAttempt(current, "REJEITADA");
      current.rejeicao = { ...FUNDS_REFUSAL };
      cobr.paidOnRetry = outcome === "retried-then-paid";
      const retries = recs.get(cobr.idRec)!.fields.politicaRetentativa === "PERMITE_3R_7D" && cobr.tentativas.length < 4;
      if (!retries) {
        cobr.encerramento = { rejeicao: { ...FUNDS_REFUSAL } };
        setCobr(cobr, "REJEITADA");
      }
    } else throw fail(400, "outcome is paid, insufficient-funds or retried-then-paid");
    return { cobr: cobrView(cobr, true), callback: await notify("cobr", cobrNote(cobr)) };
  }

  async function endRec(idRec: string, action: "approve" | "reject" | "cancel" | "expire", journey?: string) {
    const rec = recs.get(idRec);
    if (!rec) throw fail(404, `no rec ${idRec}`);
    if (action === "approve") {
      if (rec.status !== "CRIADA") throw fail(409, `rec ${idRec} is ${rec.status}`);
      const txid = rec.ativacao.dadosJornada?.txid;
      rec.ativacao = { tipoJornada: journey ?? (txid ? "JORNADA_3" : rec.loc !== undefined ? "JORNADA_2" : "JORNADA_1"), ...(txid && (journey ?? "JORNADA_3") === "JORNADA_3" ? { dadosJornada: { txid } } : {}) };
      // Journey 3: the composite QR pays the first period with the authorization.
      if (rec.ativacao.tipoJornada === "JORNADA_3" && txid && deps.cobBrCode(txid)) await deps.payCob(txid);
      setRec(rec, "APROVADA");
    } else if (action === "reject") {
      if (rec.status !== "CRIADA") throw fail(409, `rec ${idRec} is ${rec.status}`);
      rec.encerramento = { rejeicao: { codigo: "AP13", descricao: "Recorrência rejeitada pelo usuário pagador (simulado)." } };
      setRec(rec, "REJEITADA");
    } else if (action === "expire") {
      // The payer never answered: the document's EXPIRADA carries no encerramento.
      if (rec.status !== "CRIADA") throw fail(409, `rec ${idRec} is ${rec.status}`);
      setRec(rec, "EXPIRADA");
    } else {
      if (rec.status !== "CRIADA" && rec.status !== "APROVADA") throw fail(409, `rec ${idRec} is ${rec.status}`);
      rec.encerramento = { cancelamento: { solicitante: "USUARIO_PAGADOR", codigo: "SLDB", descricao: "Recorrência cancelada pelo usuário pagador (simulado)." } };
      setRec(rec, "CANCELADA");
    }
    return { rec: recView(rec, true), callback: await notify("rec", recNote(rec)) };
  }

  const webhook = (kind: "rec" | "cobr", meta: Meta) => (_p: unknown, _q: unknown, body: Json): Answer => {
    if (!/^https?:\/\//i.test(body.webhookUrl)) throw deps.problem(meta.invalid, [v("Campo webhook.webhookUrl não respeita o _schema_ (uma URL http ou https).", "webhook.webhookUrl", body.webhookUrl)]);
    hooks[kind] = body.webhookUrl;
    return { status: 200 };
  };

  const handlers: Record<string, Handler> = {
    "POST /locrec": () => {
      const loc: Loc = { id: nextLoc++, location: `${deps.locationHost()}/qr/v2/rec/${randomBytes(16).toString("hex")}`, criacao: now() };
      locs.set(loc.id, loc);
      return json(201, locView(loc));
    },
    "POST /rec": (_p, _q, body, meta) => createRec(body, meta),
    "GET /rec/{idRec}": (p, q, _b, meta) => {
      const rec = recs.get(p.idRec!);
      if (!rec) throw deps.problem(meta.notFound);
      return json(200, recView(rec, true, q.txid));
    },
    "PATCH /rec/{idRec}": (p, _q, body, meta) => {
      const rec = recs.get(p.idRec!);
      if (!rec) throw deps.problem(meta.notFound);
      if (rec.status !== "CRIADA" && rec.status !== "APROVADA") throw deps.problem(meta.invalid, [v("A recorrência encontra-se expirada, cancelada ou rejeitada.", "rec.status", rec.status)]);
      if (body.status === "CANCELADA") {
        rec.encerramento = { cancelamento: { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR", descricao: "Recorrência cancelada pelo usuário recebedor." } };
        setRec(rec, "CANCELADA");
      }
      return json(200, recView(rec, false));
    },
    "POST /solicrec": (_p, _q, body, meta) => {
      const rec = recs.get(body.idRec);
      if (!rec || rec.status !== "CRIADA") throw deps.problem(meta.invalid, [v("A recorrência referenciada por solicrec.idRec inexiste ou não está CRIADA.", "solicrec.idRec", body.idRec)]);
      const at = now();
      return json(201, { idSolicRec: `SC${deps.ispb}${stamp()}${tail(11)}`, ...body, status: "CRIADA", atualizacao: [{ status: "CRIADA", data: at }] });
    },
    "PUT /cobr/{txid}": (p, _q, body, meta) => putCobr(p.txid!, body, meta),
    "GET /cobr/{txid}": (p, _q, _b, meta) => {
      const cobr = cobrs.get(p.txid!);
      if (!cobr) throw deps.problem(meta.notFound);
      return json(200, cobrView(cobr, true));
    },
    "PATCH /cobr/{txid}": (p, _q, body, meta) => {
      const cobr = cobrs.get(p.txid!);
      if (!cobr) throw deps.problem(meta.notFound);
      if (cobr.status !== "ATIVA" && cobr.status !== "CRIADA") throw deps.problem(meta.invalid, [v("A cobrança não está ATIVA e a presente requisição busca alterá-la.", "cobr.status", cobr.status)]);
      if (body.status === "CANCELADA") {
        for (const t of cobr.tentativas) if (t.status === "AGENDADA") setAttempt(t, "CANCELADA");
        cobr.encerramento = { cancelamento: { solicitante: "USUARIO_RECEBEDOR", codigo: "SLCR", descricao: "Cobrança cancelada pelo usuário recebedor." } };
        setCobr(cobr, "CANCELADA");
      }
      return json(200, cobrView(cobr, false));
    },
    "POST /cobr/{txid}/retentativa/{data}": (p, _q, _b, meta) => retry(p.txid!, p.data!, meta),
    "PUT /webhookrec": (p, q, b, meta) => webhook("rec", meta)(p, q, b),
    "PUT /webhookcobr": (p, q, b, meta) => webhook("cobr", meta)(p, q, b),
  };

  return {
    handlers,
    /** The payer's bank: approve (journey: the one it took), reject, cancel or let expire a recurrence; its callback is awaited. */
    approveRec: (idRec: string, journey?: string) => endRec(idRec, "approve", journey),
    rejectRec: (idRec: string) => endRec(idRec, "reject"),
    cancelRec: (idRec: string) => endRec(idRec, "cancel"),
    expireRec: (idRec: string) => endRec(idRec, "expire"),
    /** Ends the charge instruction's scheduled attempt; its callback is awaited. */
    settleCobr,
    callbacks: () => structuredClone(sent),
    reset() {
      locs = new Map();
      recs = new Map();
      cobrs = new Map();
      hooks = {};
      sent = [];
      nextLoc = 1;
    },
  };
}
