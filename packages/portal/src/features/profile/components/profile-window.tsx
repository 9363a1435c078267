import { Trans, useLingui } from '@lingui/react/macro';
import { Dialog } from '../../../components/dialog.tsx';
import { formStyles, SubmitButton } from '../../../components/form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { closeOverlay } from '../../../lib/overlays.ts';
import { successText } from '../../../lib/server-messages.ts';
import { useSession } from '../../../lib/session.ts';
import { useUpdateMyProfile } from '../api/update-my-profile.ts';
import { ProfileFields, toUpdateBody, useProfileForm } from './profile-fields.tsx';

/** Google profile completion: 'Please fill out the required Information', 'Update Profile'. */
export function ProfileUpdateWindow() {
  const { t, i18n } = useLingui();
  const profile = useSession((s) => s.profile);
  const form = useProfileForm(profile);
  const update = useUpdateMyProfile();
  const close = () => closeOverlay('googleProfile');

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await update.mutateAsync(toUpdateBody(values)).catch(() => null);
    if (!answer) return;
    if (profile) useSession.getState().setProfile({ ...profile, ...toUpdateBody(values) });
    notifySuccess(successText(answer.message, i18n) || t`Your profile is saved.`);
    close();
  });

  return (
    <Dialog title={t`Please fill out the required Information`} onClose={close}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <ProfileFields form={form} />
        <SubmitButton busy={update.isPending} block>
          <Trans>Update Profile</Trans>
        </SubmitButton>
      </form>
    </Dialog>
  );
}
