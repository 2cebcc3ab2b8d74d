/**
 * The BCB document's contradictions in its PIX Automático schemas (rec, solicrec, locrec, cobr),
 * mended for the simulator as schema.ts mends the rest (FIXES there names how): each checks the
 * document still reads as expected, so a new version fails here instead of being mended blindly.
 */
import { expectValue, type Fix } from "./schema";

type Json = Record<string, any>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `oneOf` branches that each declare one member and require none: each now requires its member. */
function requireMembers(oneOf: Json[], members: string[], where: string): void {
  expectValue(oneOf.map((b) => [Object.keys(b.properties ?? {}), b.required ?? null]), members.map((m) => [[m], null]), where);
  oneOf.forEach((branch, i) => (branch.required = [members[i]]));
}

export const AUTOMATICO_FIXES: Fix[] = [
  {
    where: "RecBase.required",
    why: "requires idRec, which the body of POST /rec cannot carry (the PSP assigns it), and `retentativa`, declared nowhere (the field is politicaRetentativa, which RecConfiguracao requires): idRec stays required in the PSP's answers",
    apply(s) {
      expectValue(s.RecBase.required, ["idRec", "calendario", "vinculo", "retentativa"], this.where);
      s.RecBase.required = ["calendario", "vinculo"];
      for (const name of ["RecGerada", "RecCompleta", "RecCompletaPesquisada"]) s[name].required = [...s[name].required, "idRec"];
    },
  },
  {
    where: "RecNotification.required",
    why: "the YAML writes `atualizacao\"` (a stray quote), a member no notification can have",
    apply(s) {
      expectValue(s.RecNotification.required, ["idRec", "status", 'atualizacao"'], this.where);
      s.RecNotification.required = ["idRec", "status", "atualizacao"];
    },
  },
  {
    where: "SolicRecCompleta.required",
    why: "requires `rec`, declared nowhere (the recurrence is the optional `recPayload`); idSolicRec, status and atualizacao stay required by its branches",
    apply(s) {
      expectValue(s.SolicRecCompleta.required, ["rec"], this.where);
      delete s.SolicRecCompleta.required;
    },
  },
  {
    where: "SolicRecBase.required",
    why: "requires `pagador`, declared nowhere: the payer of a push request is its `destinatario` (account and CPF/CNPJ), which is required too",
    apply(s) {
      expectValue(s.SolicRecBase.required, ["calendario", "pagador", "idRec", "destinatario"], this.where);
      s.SolicRecBase.required = ["calendario", "idRec", "destinatario"];
    },
  },
  {
    where: "DadosPagadorRec.required",
    why: "requires ispbParticipante at the root of a RecCompleta; it belongs to `pagador`",
    apply(s) {
      expectValue(s.DadosPagadorRec.required, ["ispbParticipante"], this.where);
      delete s.DadosPagadorRec.required;
      s.DadosPagadorRec.properties.pagador.allOf[0].required = ["ispbParticipante"];
    },
  },
  {
    where: "RecEncerramento.encerramento.oneOf and CobRAtualizacao.encerramento.oneOf",
    why: "branches that require nothing all match any object, so `oneOf` refuses every value: each requires its member (rejeicao, cancelamento)",
    apply(s) {
      requireMembers(s.RecEncerramento.properties.encerramento.oneOf, ["rejeicao", "cancelamento"], "RecEncerramento");
      requireMembers(s.CobRAtualizacao.properties.encerramento.oneOf, ["cancelamento", "rejeicao"], "CobRAtualizacao");
    },
  },
  {
    where: "PayloadLocationRecGerada",
    why: "requires `tipo` but declares it nowhere, and every example of a location leaves it out: it is declared (PayloadLocationRecSolicitada's `rec`) and optional; its location is format uri while locations carry no scheme (as for PayloadLocation in schema.ts)",
    apply(s) {
      const gerada = s.PayloadLocationRecGerada;
      expectValue([gerada.required, "tipo" in gerada.properties, gerada.properties.location.format], [["id", "location", "tipo", "criacao"], false, "uri"], this.where);
      gerada.required = ["id", "location", "criacao"];
      gerada.properties.tipo = structuredClone(s.PayloadLocationRecSolicitada.properties.tipo);
      delete gerada.properties.location.format;
      gerada.properties.location.pattern = "^(?![a-zA-Z][a-zA-Z0-9+.-]*://)[\\x21-\\x7e]+$";
    },
  },
  {
    where: "RecRevisada vinculo.devedor.oneOf",
    why: "two branches identical but for their descriptions (an object with `nome`), so a devedor matches both and `oneOf` refuses every one: one branch is kept",
    apply(s) {
      const devedor = s.RecRevisada.allOf.find((b: Json) => b.properties?.vinculo).properties.vinculo.properties.devedor;
      // Identical but for their descriptions: the same type, required member and properties.
      const shape = (b: Json) => JSON.stringify([b.type, b.required, Object.entries(b.properties).map(([k, p]: [string, any]) => [k, p.type, p.maxLength])]);
      expectValue(devedor.oneOf.map(shape), [shape(devedor.oneOf[0]), shape(devedor.oneOf[0])], this.where);
      devedor.allOf = [devedor.oneOf[0]];
      delete devedor.oneOf;
    },
  },
  {
    where: "CobRGerada and CobRCompleta: calendario (and CobRGerada's recebedor)",
    why: "each is declared in two allOf branches (CobRBase's and the schema's own), and a value closed by both declarations can fit neither: the declarations are merged into one",
    apply(s) {
      for (const name of ["CobRGerada", "CobRCompleta"]) {
        const allOf: Json[] = s[name].allOf;
        const at = allOf.findIndex((b) => b.$ref === ref("CobRBase").$ref);
        const own = allOf.findIndex((b) => b.properties?.calendario);
        expectValue([at >= 0, allOf[own]?.properties.calendario.required], [true, ["criacao"]], `${name}.allOf`);
        const base = structuredClone(s.CobRBase);
        base.properties.calendario.required = ["dataDeVencimento", "criacao"];
        base.properties.calendario.properties.criacao = allOf[own]!.properties.calendario.properties.criacao;
        const payee = allOf.findIndex((b) => b.properties?.recebedor);
        if (payee >= 0) base.properties.recebedor = { allOf: [...allOf[payee]!.properties.recebedor.allOf, ref("DadosBancariosRecebedor")] };
        s[name].allOf = allOf.map((b, i) => (i === at ? base : b)).filter((_b, i) => i !== own && i !== payee);
      }
    },
  },
];
