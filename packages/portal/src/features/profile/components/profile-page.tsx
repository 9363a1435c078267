import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { formStyles, SubmitButton, TextField } from '../../../components/form.tsx';
import { logout } from '../../../lib/logout.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { openOverlay } from '../../../lib/overlays.ts';
import { withQueryClient } from '../../../lib/query.tsx';
import { successText } from '../../../lib/server-messages.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useUpdateMyProfile } from '../api/update-my-profile.ts';
import styles from './profile.module.css';
import { ProfileFields, profileDefaults, toUpdateBody, useProfileForm } from './profile-fields.tsx';

/** /profile (private): edit the profile; email is read-only. A profile without a phone asks for it. */
function ProfilePage() {
  const { t, i18n } = useLingui();
  const { data: profile, isFetching } = useMyProfile();
  const update = useUpdateMyProfile();
  const form = useProfileForm(profile);
  const asked = useRef(false);

  // a profile without a phone opens the profile-update window, once per visit
  useEffect(() => {
    if (profile && !isFetching && !profile.phone && !asked.current) {
      asked.current = true;
      openOverlay('googleProfile');
    }
  }, [profile, isFetching]);

  const onSubmit = form.handleSubmit(async (values) => {
    const answer = await update.mutateAsync(toUpdateBody(values)).catch(() => null);
    if (!answer) return;
    form.reset(values);
    notifySuccess(successText(answer.message, i18n) || t`Your profile is saved.`);
  });

  return (
    <section className={styles.page} aria-labelledby="profile-title">
      <header className={styles.head}>
        <span className={styles.avatar} aria-hidden="true">
          {profile?.image ? (
            <img src={profile.image} alt="" />
          ) : (
            (profile?.firstName || profile?.email || '?').slice(0, 1).toUpperCase()
          )}
        </span>
        <div>
          <h1 id="profile-title" className={styles.title}>
            <Trans>Your profile</Trans>
          </h1>
          <p className={styles.sub}>{profile?.email}</p>
        </div>
      </header>
      <form className={`${formStyles.form} ${styles.card}`} onSubmit={onSubmit} noValidate>
        <ProfileFields
          form={form}
          emailSlot={<TextField label={t`Email`} type="email" value={profile?.email ?? ''} readOnly />}
        />
        <div className={formStyles.actions}>
          <SubmitButton busy={update.isPending}>
            <Trans>Save Changes</Trans>
          </SubmitButton>
          <button
            type="button"
            className={formStyles.secondary}
            onClick={() => form.reset(profileDefaults(profile))}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
      <div className={`${styles.card} ${styles.account}`}>
        <Link href="/change-password">
          <Trans>Change password</Trans>
        </Link>
        <button type="button" className={formStyles.danger} onClick={() => void logout()}>
          <Trans>Logout</Trans>
        </button>
      </div>
    </section>
  );
}

export default withQueryClient(ProfilePage);
