import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Executor } from '../../db/executor';
import { findFileWithOwner } from '../../repositories/files';
import { findFolder } from '../../repositories/folders';
import { groupMembers } from '../../repositories/groups';
import { findShare } from '../../repositories/shares';
import { findUserById } from '../../repositories/users';
import { linkTo } from '../accounts/registration';
import type { MailOutbox } from '../mail/outbox';

export const SHARE_MAIL = 'share';

interface ShareMailPayload {
  shareId: string;
  recipientId: string;
}

/**
 * "{name} shared {item} with you": one mail per new share to its person, or to each member of its group; never to
 * whoever made the share nor to the item's owner. Written when sent, from the share as it is then: a share
 * removed meanwhile, an item gone or a disabled account sends nothing.
 */
export class ShareMails {
  constructor(
    private readonly db: Db,
    private readonly outbox: MailOutbox,
    private readonly config: Pick<Config, 'publicOrigin'>,
  ) {
    outbox.define(SHARE_MAIL, ({ payload }) => this.compose(payload as ShareMailPayload));
  }

  /** Queues the mails of a share just made, in its transaction `trx`. */
  async shareMade(
    trx: Executor,
    share: { id: string; grantee: { kind: 'user' | 'group'; id: string }; sharerId: string; ownerId: string },
  ): Promise<void> {
    if (!this.outbox.enabled) return;
    const people =
      share.grantee.kind === 'user'
        ? [await findUserById(trx, share.grantee.id)]
        : await groupMembers(trx, share.grantee.id);
    for (const person of people) {
      if (!person || person.id === share.sharerId || person.id === share.ownerId) continue;
      const payload: ShareMailPayload = { shareId: share.id, recipientId: person.id };
      await this.outbox.queue(trx, { kind: SHARE_MAIL, recipient: person.email, payload });
    }
  }

  private async compose({ shareId, recipientId }: ShareMailPayload) {
    const share = await findShare(this.db, shareId);
    const recipient = await findUserById(this.db, recipientId);
    if (!share || !recipient || recipient.disabled) return null;
    const sharer = await findUserById(this.db, share.created_by);
    const name =
      share.item_kind === 'file'
        ? (await findFileWithOwner(this.db, share.item_id))?.filename
        : (await findFolder(this.db, share.item_id))?.name;
    if (!sharer || name === undefined) return null;
    const what = share.item_kind === 'file' ? 'file' : 'folder';
    const path =
      share.item_kind === 'folder'
        ? `/dashboard/shared-with-me/${share.item_id}`
        : '/dashboard/shared-with-me';
    return {
      to: recipient.email,
      subject: `${sharer.name} shared ${name} with you`,
      paragraphs: [
        `Hello ${recipient.name},`,
        `${sharer.name} shared the ${what} "${name}" with you on CloudStash, as ${share.role === 'editor' ? 'an editor' : 'a viewer'}.`,
      ],
      action: { label: `Open ${name}`, url: linkTo(this.config, path) },
    };
  }
}
