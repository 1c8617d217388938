import {
  createRequestBodySchema,
  updateRequestBodySchema,
  type CreateRequestBody,
  type UpdateRequestBody,
  type UploadRequest,
} from '@cloudstash/contract';
import { expiresAtOf, type ExpiryChoice } from '../../components/ExpiryField';
import { zodFieldErrors, type FieldErrors } from '../../lib/form-errors';

const MB = 1024 * 1024;

/** The upload link form as typed: text everywhere, numbers included, so a half-typed one can be said wrong. */
export interface UploadLinkValues {
  label: string;
  message: string;
  password: string;
  /** Editing a link with a password: take it away. */
  removePassword: boolean;
  expiry: ExpiryChoice;
  customExpiry: string;
  maxFiles: string;
  /** Megabytes, as people think of sizes; sent as bytes. */
  maxMegabytes: string;
}

export const NEW_UPLOAD_LINK: UploadLinkValues = {
  label: '',
  message: '',
  password: '',
  removePassword: false,
  expiry: '30',
  customExpiry: '',
  maxFiles: '',
  maxMegabytes: '',
};

/** The form filled in from a link, to change it: the expiry stays as it is unless another is chosen. */
export function valuesOf(link: UploadRequest): UploadLinkValues {
  return {
    ...NEW_UPLOAD_LINK,
    label: link.label,
    message: link.message ?? '',
    expiry: 'keep',
    maxFiles: link.maxFiles === null ? '' : String(link.maxFiles),
    maxMegabytes: link.maxBytes === null ? '' : String(Math.round((link.maxBytes / MB) * 100) / 100),
  };
}

/** An empty field is no limit; anything else must be a number (NaN fails the contract's check, as it should). */
const numberOf = (text: string) => (text.trim() === '' ? null : Number(text));
const bytesOf = (megabytes: string) => {
  const value = numberOf(megabytes);
  return value === null ? null : Math.round(value * MB);
};

type Checked<T> = { body: T; errors: null } | { body: null; errors: FieldErrors };

/** A new link's body, checked by the contract's schema; the errors by field when it is not right. */
export function createBodyOf(values: UploadLinkValues): Checked<CreateRequestBody> {
  const body: CreateRequestBody = {
    label: values.label,
    message: values.message.trim() || undefined,
    password: values.password || undefined,
    expiresAt: expiresAtOf(values.expiry, values.customExpiry) ?? undefined,
    maxFiles: numberOf(values.maxFiles) ?? undefined,
    maxBytes: bytesOf(values.maxMegabytes) ?? undefined,
  };
  const parsed = createRequestBodySchema.safeParse(body);
  return parsed.success ? { body, errors: null } : { body: null, errors: zodFieldErrors(parsed.error) };
}

/**
 * A change's body: every field as the form now says (an emptied limit or message is null, which removes it), the
 * password only when a new one is typed or it is to go, the expiry only when another was chosen.
 */
export function updateBodyOf(values: UploadLinkValues): Checked<UpdateRequestBody> {
  const body: UpdateRequestBody = {
    label: values.label,
    message: values.message.trim() || null,
    password: values.removePassword ? null : values.password || undefined,
    expiresAt: expiresAtOf(values.expiry, values.customExpiry),
    maxFiles: numberOf(values.maxFiles),
    maxBytes: bytesOf(values.maxMegabytes),
  };
  const parsed = updateRequestBodySchema.safeParse(body);
  return parsed.success ? { body, errors: null } : { body: null, errors: zodFieldErrors(parsed.error) };
}
