import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, LoadingState } from '../../../components/States';
import { useInstanceSettings } from '../api/settings';
import { InviteSection } from './InviteSection';
import { MailSection } from './MailSection';
import { OutstandingInvitesSection } from './OutstandingInvitesSection';
import { PeopleDirectorySection } from './PeopleDirectorySection';
import { RegistrationSection } from './RegistrationSection';
import { UploadTypesSection } from './UploadTypesSection';
import { TrashSection } from './TrashSection';
import { VersionsSection } from './VersionsSection';

/** /dashboard/admin/settings: who may join this instance, which files they may upload, and what it keeps. */
export default function AdminSettingsPage() {
  const { data: settings, isPending, isError } = useInstanceSettings();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Instance Settings"
        subtitle="Who may join this CloudStash instance, which files they may upload, and what it keeps."
      />
      {isPending && <LoadingState label="Loading settings" />}
      {isError && <ErrorState message="Failed to load settings" />}
      {settings && <RegistrationSection settings={settings} />}
      <InviteSection />
      <OutstandingInvitesSection />
      {settings && <UploadTypesSection settings={settings} />}
      {settings && <PeopleDirectorySection settings={settings} />}
      <VersionsSection />
      <TrashSection />
      <MailSection />
    </div>
  );
}
