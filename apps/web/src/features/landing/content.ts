/** The landing page's words: marketing claims, promises, file groups and steps. */
export const CLAIMS = [
  { value: '10K+', label: 'Files Uploaded' },
  { value: '500+', label: 'Active Users' },
  { value: '99.9%', label: 'Uptime' },
  { value: '5TB+', label: 'Storage Saved' },
];

export const PROMISES = [
  {
    title: 'File Upload & Management',
    text: 'Upload and organise images, videos, PDFs and more in one place.',
    icon: 'M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2',
  },
  {
    title: 'Automatic Deduplication',
    text: 'Duplicate files are removed automatically to save storage.',
    icon: 'M8 8h10v12H8zM6 16H4V4h12v2',
  },
  {
    title: 'Public & Private Sharing',
    text: 'Choose for every file whether it is public or private.',
    icon: 'M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z',
  },
  {
    title: 'Fast Upload & Download',
    text: 'Move your files quickly, in both directions.',
    icon: 'M13 2 4 14h7l-1 8 9-12h-7z',
  },
  {
    title: 'Download & Usage Analytics',
    text: 'See how often your files are downloaded and how much space you use.',
    icon: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  },
  {
    title: 'Responsive Access',
    text: 'Use CloudStash from your desktop and from your phone.',
    icon: 'M7 3h10v18H7zM11 18h2',
  },
];

export const FILE_GROUPS = [
  { title: 'Images', formats: ['JPG', 'PNG', 'GIF', 'WebP'] },
  { title: 'Videos', formats: ['MP4', 'WebM', 'AVI'] },
  { title: 'Documents', formats: ['PDF', 'DOC', 'TXT'] },
  { title: 'Archives', formats: ['ZIP', 'RAR', '7Z'] },
];

export const STEPS = [
  { title: 'Create an Account', text: 'Sign up for free in a few seconds.' },
  { title: 'Upload Files', text: 'Drag and drop or browse to upload; duplicates are removed automatically.' },
  {
    title: 'Manage & Share',
    text: 'Preview, rename, download and share your files publicly or keep them private.',
  },
];

export const FOOTER_ITEMS = ['Help', 'Documentation', 'Contact', 'Privacy Policy', 'Terms'];
export const SOURCE_PROFILE_URL = 'https://github.com/cloudstash';
