/** The roles of a restaurant's team and their French labels (public.restaurant_members' check; domain/test/integration/team-roles.test.ts checks that they agree). No import: the reservation service reads it too. */
export const MEMBER_ROLES = ['owner', 'manager'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ROLE_LABELS: Record<MemberRole, string> = { owner: 'Propriétaire', manager: 'Gérant' };

export const isMemberRole = (value: unknown): value is MemberRole => (MEMBER_ROLES as readonly unknown[]).includes(value);

/** A role read as text (an RPC's JSON, a row): anything unknown gets a manager's rights, never an owner's. */
export const memberRole = (value: unknown): MemberRole => (isMemberRole(value) ? value : 'manager');
