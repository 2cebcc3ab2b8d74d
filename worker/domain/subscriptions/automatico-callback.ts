/**
 * The PSP's `webhookcobr` callback (`{webhookUrl}/cobr`, `{"cobsr": [...]}`): a hint, never proof.
 * Each txid is read back from the PSP (`GET /cobr/{txid}`) and what it holds is applied to the
 * instruction (automatico-sweep.ts's applyPspCharge: paid, a failed attempt, or nothing new), so a
 * replayed or forged callback moves nothing the PSP does not confirm. A txid no live instruction
 * has is logged and skipped, so the PSP does not send it again forever.
 */
import { and, eq } from "drizzle-orm";
import { pixChargeInstructions } from "../../db/schema";
import type { PixAutomaticoPsp } from "../../lib/pix-automatico";
import type { Platform } from "../../platform";
import { applyPspCharge } from "./automatico-sweep";

/** Reads back and applies charge instruction `txid`; true when it moved. PspUnavailableError propagates (the route answers 503). */
export async function settleNotifiedCharge(platform: Platform, psp: PixAutomaticoPsp, txid: string): Promise<boolean> {
  const i = pixChargeInstructions;
  const [row] = await platform.db.select().from(i).where(and(eq(i.txid, txid), eq(i.livemode, true))).limit(1);
  if (!row) {
    platform.log({ msg: "pix_automatico.unknown_cobr", level: "warn", txid });
    return false;
  }
  const charge = await psp.getCharge(txid);
  if (!charge) {
    platform.log({ msg: "pix_automatico.cobr_not_at_psp", level: "warn", txid });
    return false;
  }
  return applyPspCharge(platform, row, charge, platform.now().toISOString());
}
