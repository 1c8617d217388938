import toast from 'react-hot-toast';

/** navigator.clipboard exists only in secure contexts; a self-hosted instance on plain http needs the old way. */
export async function copyText(text: string): Promise<boolean> {
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

/** Copies and says so in a toast ("Link copied to clipboard"), or says that it could not. */
export async function copyWithToast(text: string, what: string): Promise<void> {
  if (await copyText(text)) toast.success(`${what} copied to clipboard`);
  else toast.error(`Could not copy the ${what.toLowerCase()}`);
}
