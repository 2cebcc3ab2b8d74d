/** Team schemas: the spec's Team member, the team list and the body that adds a member. */
import { z } from "@hono/zod-openapi";
import { Email } from "./buyer";
import { plainText } from "./text";
import { TEAM_LIST_EXAMPLE, TEAM_MEMBER_INVITED_EXAMPLE } from "./examples/sellers";

export const TEAM_PROFILES = ["OWNER", "ADMIN", "FINANCE", "OPERATION"] as const;
const ADDABLE = ["ADMIN", "FINANCE", "OPERATION"] as const;

/** A member as returned; labels in the language of `Accept-Language` (pt-BR by default). */
export const TeamMemberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    profile: z.enum(TEAM_PROFILES),
    profileLabel: z.string().openapi({ example: "Financeiro" }),
    sellerAccessLabel: z.string().openapi({ example: "Transações, reembolsos e repasses" }),
    status: z.enum(["INVITED", "ACTIVE", "DISABLED"]),
    statusLabel: z.string().openapi({ example: "Convite pendente" }),
    liveAccess: z.boolean().openapi({
      description: "Whether the member may act in live mode in the dashboard. Granted only by a live key or a member who holds it; a member invited with a test key is test-only (docs/dashboard.md).",
    }),
    lastAccessLabel: z.string().nullable().openapi({ example: "Nunca acessou" }),
    createdAt: z.string(),
  })
  .openapi("TeamMember");

/** The answer of POST /v1/sellers/{sellerId}/team: the member and their invite link, shown this once. */
export const TeamMemberInvitedSchema = TeamMemberSchema.extend({
  inviteUrl: z.url().openapi({
    description: "The single-use link (72 hours) that lets the member register a passkey for the dashboard; shown only in this answer (docs/dashboard.md).",
    example: "https://pay.example.com/dashboard/invite#token=4kQ9sTz1VbN7wXe2RcYh8LmP3dF6gJ0aKuE5oIqW9tS",
  }),
  inviteExpiresAt: z.string().openapi({ example: "2026-11-29T12:00:00.000Z" }),
}).openapi("TeamMemberInvited", { example: TEAM_MEMBER_INVITED_EXAMPLE });

/** GET /v1/sellers/{sellerId}/team: the spec's `{items, totalItems}`. */
export const TeamListSchema = z.object({ items: z.array(TeamMemberSchema), totalItems: z.number().int() }).openapi("TeamList", { example: TEAM_LIST_EXAMPLE });

/** Body of POST /v1/sellers/{sellerId}/team (not in the spec). A seller has one OWNER: its creator. */
export const TeamMemberCreateSchema = z
  .strictObject({
    email: Email,
    firstName: plainText(100),
    lastName: plainText(100).optional(),
    profile: z.enum(ADDABLE, { error: `must be one of ${ADDABLE.join(", ")} (a seller has one OWNER, its creator)` }),
    liveAccess: z.boolean({ error: "must be true or false" }).optional().openapi({
      description: "May the member act in live mode in the dashboard? Default: the key's mode (a live key grants it, a test key does not); `true` with a test key is 403 LIVE_ACCESS_REQUIRED.",
    }),
  })
  .openapi("TeamMemberCreate");

export type TeamMemberCreate = z.infer<typeof TeamMemberCreateSchema>;
