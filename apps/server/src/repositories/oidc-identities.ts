import type { Executor } from '../db/executor';

/** The account an identity at a provider signs in to, or undefined when it is not linked yet. */
export async function findLinkedUserId(
  db: Executor,
  issuer: string,
  subject: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('oidc_identities')
    .select('user_id')
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id;
}

export async function linkIdentity(
  db: Executor,
  identity: { issuer: string; subject: string; userId: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('oidc_identities')
    .values({
      issuer: identity.issuer,
      subject: identity.subject,
      user_id: identity.userId,
      created_at: now,
      last_used_at: now,
    })
    .execute();
}

export async function touchIdentity(db: Executor, issuer: string, subject: string, now: string) {
  await db
    .updateTable('oidc_identities')
    .set({ last_used_at: now })
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .execute();
}
