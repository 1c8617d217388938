import toast from 'react-hot-toast';

/** The address a visitor opens: absolute, whether or not the server knows its public origin. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();

/** navigator.clipboard exists only in secure contexts; a self-hosted instance on plain http needs the old way. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'fixed -left-[9999px]';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

export async function copyLink(url: string): Promise<void> {
  if (await copyText(absoluteUrl(url))) toast.success('Link copied to clipboard');
  else toast.error('Could not copy the link');
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
