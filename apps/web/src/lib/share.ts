import { absoluteUrl } from './absolute-url';
import { copyWithToast } from './clipboard';

export async function copyLink(url: string): Promise<void> {
  await copyWithToast(absoluteUrl(url), 'Link');
}

/** The device's share sheet when there is one, otherwise a copy. */
export async function shareLink(title: string, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url: absoluteUrl(url) });
    } catch {
      // The user closed the share sheet: nothing to report.
    }
    return;
  }
  await copyLink(url);
}
