/** The visitor's name is kept for the visit (this tab), so a reload does not ask for it again. */
const KEY = 'cloudstash.uploader-name';

export function readUploaderName(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function keepUploaderName(name: string): void {
  try {
    window.sessionStorage.setItem(KEY, name);
  } catch {
    // Blocked storage: the name is asked again after a reload, nothing worse.
  }
}
