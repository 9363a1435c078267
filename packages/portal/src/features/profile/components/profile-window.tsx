import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Dialog } from '#portal/components/dialog.tsx';
import { formStyles, SubmitButton } from '#portal/components/form.tsx';
import { closeOverlay } from '#portal/lib/overlays.ts';
import { useSession } from '#portal/lib/session.ts';
import { useUpdateMyProfile } from '../api/update-my-profile.ts';
import { ProfileFields, toUpdateBody, useProfileForm } from './profile-fields.tsx';

/**
 * 'Please fill out the required Information', 'Update Profile'. Opened after sign-in for Google or
 * LinkedIn accounts without a phone (features/auth), and for buyers whose open lead prefers Phone or SMS
 * and who have none (src/lib/phone-prompt.ts), once per sign-in (product decision A30); never over
 * /profile, which shows the same fields itself.
 */
export function ProfileUpdateWindow() {
  const { t } = useLingui();
  const [path] = useLocation();
  const onProfile = path.toLowerCase().replace(/\/+$/, '') === '/profile';
  const profile = useSession((s) => s.profile);
  const form = useProfileForm(profile, { phoneRequired: true });
  const update = useUpdateMyProfile(form);
  const close = () => closeOverlay('googleProfile');

  useEffect(() => {
    if (onProfile) closeOverlay('googleProfile');
  }, [onProfile]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (await update.runAsync(toUpdateBody(values))) close();
  });

  if (onProfile) return null;
  return (
    <Dialog title={t`Please fill out the required Information`} onClose={close}>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <ProfileFields form={form} />
        <SubmitButton busy={update.pending} block>
          <Trans>Update Profile</Trans>
        </SubmitButton>
      </form>
    </Dialog>
  );
}
