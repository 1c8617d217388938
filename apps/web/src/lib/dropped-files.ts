/** A file to upload and the folders it sits in below the place it was dropped ('' when dropped loose). */
export interface PickedFile {
  /** Null for an empty folder, which is recreated with nothing in it. */
  file: File | null;
  /** Folder names from the drop's top down, e.g. ['Photos', '2024'] for Photos/2024/a.jpg. */
  folders: string[];
}

/** The folders of a path like 'Photos/2024/a.jpg' (what a folder input and the entry API give). */
export function foldersOfPath(relativePath: string): string[] {
  return relativePath.split('/').filter(Boolean).slice(0, -1);
}

/** Files chosen with a plain input or a folder input (`webkitdirectory` gives each its relative path). */
export function pickedFromInput(files: Iterable<File>): PickedFile[] {
  return [...files].map((file) => ({ file, folders: foldersOfPath(file.webkitRelativePath ?? '') }));
}

/** One read of a directory hands back at most about a hundred entries: read until it hands back none. */
async function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const entries: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return entries;
    entries.push(...batch);
  }
}

const fileOf = (entry: FileSystemFileEntry) =>
  new Promise<File>((resolve, reject) => entry.file(resolve, reject));

async function walk(entry: FileSystemEntry, folders: string[], into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    into.push({ file: await fileOf(entry as FileSystemFileEntry), folders });
  } else if (entry.isDirectory) {
    const children = await readAllEntries(entry as FileSystemDirectoryEntry);
    const inside = [...folders, entry.name];
    // An empty folder is recreated too: it travels as a folder with no file.
    if (children.length === 0) into.push({ file: null, folders: inside });
    for (const child of children) await walk(child, inside, into);
  }
}

/**
 * Everything a drop holds, folders walked to their files. The entries must be taken while the drop event is
 * being handled (the browser empties the DataTransfer afterwards); a browser without the entry API gives the
 * loose files.
 */
export async function pickedFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const items = [...transfer.items].filter((item) => item.kind === 'file');
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null);
  if (entries.length === 0 || entries.some((entry) => entry === null)) {
    return pickedFromInput([...transfer.files]);
  }
  const picked: PickedFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, [], picked);
  return picked;
}
