/**
 * The payouts' routes (docs/dashboard.md) as functions: the balance with the upcoming payouts,
 * the settlements made, and one settlement with a page of its transactions. Every call names the mode.
 */
import type { BalanceSummary } from "../../../worker/domain/settlements/balance";
import type { SettlementLine, SettlementWithLines } from "../../../worker/domain/settlements/lines";
import type { Page } from "../../../worker/lib/pagination";
import type { Settlement } from "../../../worker/schemas/settlement";
import { callDashboard, queryOf } from "./client";
import { id } from "./endpoints";
import { LIST_PAGE_SIZE } from "./selling";
import type { Mode } from "./types";

export type { BalanceSummary, Settlement, SettlementLine, SettlementWithLines };

/** GET /dashboard/api/settlements: the page envelope of the settlements made. */
export type SettlementsPage = Page<Settlement>;

/** The balance by currency and the payouts to come, by day. */
export const readBalance = (mode: Mode) => callDashboard<BalanceSummary>(`/balance${queryOf({ mode })}`);

/** A page of the mode's settlements, newest first. */
export const listSettlements = (mode: Mode, cursor: string | null) => callDashboard<SettlementsPage>(`/settlements${queryOf({ mode, size: LIST_PAGE_SIZE, cursor })}`);

/** One settlement with a page of the transactions it paid. */
export const readSettlement = (mode: Mode, settlementId: string, cursor: string | null) =>
  callDashboard<SettlementWithLines>(`/settlements/${id(settlementId)}${queryOf({ mode, size: 50, cursor })}`);
