import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { REQUEST_MESSAGES, UPLOADER_NAME_MAX_LENGTH, uploaderNameSchema } from '@cloudstash/contract';
import { TextField } from '../../../components/TextField';
import { keepUploaderName, readUploaderName } from '../visitor/uploader-name';
import { FilesDropArea } from './FilesDropArea';

interface SendFilesCardProps {
  ownerName: string;
  /** The link takes no more (its file or size limit reached): nothing more can be chosen. */
  full: boolean;
  /** Files to send, with the name they are sent as. */
  onSend: (files: File[], uploaderName: string) => void;
}

/** The visitor's name (asked once per visit), then the files: dropped, or chosen with the button. */
export function SendFilesCard({ ownerName, full, onSend }: SendFilesCardProps) {
  const headingId = useId();
  const [name, setName] = useState(readUploaderName);
  const [nameError, setNameError] = useState<string>();
  const nameBox = useRef<HTMLDivElement>(null);

  /** The name as it is sent, or null with the field marked and focused, so its error is read out. */
  const checkedName = (): string | null => {
    const parsed = uploaderNameSchema.safeParse(name);
    if (parsed.success) {
      setNameError(undefined);
      return parsed.data;
    }
    flushSync(() => setNameError(REQUEST_MESSAGES.uploaderNameRequired));
    nameBox.current?.querySelector('input')?.focus();
    return null;
  };

  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={headingId} className="text-lg font-semibold">
          Send files
        </h2>
        <div ref={nameBox}>
          <TextField
            label="Your name"
            name="uploaderName"
            autoComplete="name"
            maxLength={UPLOADER_NAME_MAX_LENGTH}
            required
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              keepUploaderName(event.target.value);
            }}
            hint={`${ownerName} sees it beside each file you send.`}
            error={nameError}
          />
        </div>
        {full ? (
          <p role="status" className="alert alert-info alert-soft">
            {REQUEST_MESSAGES.filesLimit}
          </p>
        ) : (
          <FilesDropArea
            canChoose={() => checkedName() !== null}
            onFiles={(files) => {
              const uploaderName = checkedName();
              if (uploaderName !== null && files.length > 0) onSend(files, uploaderName);
            }}
          />
        )}
      </div>
    </section>
  );
}
