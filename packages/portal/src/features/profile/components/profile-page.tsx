import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, Fragment, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Avatar } from '#portal/components/avatar.tsx';
import { FormError, formStyles, SubmitButton, TextField } from '#portal/components/form.tsx';
import layout from '#portal/components/layout.module.css';
import { logout } from '#portal/lib/logout.ts';
import { withQueryClient } from '#portal/lib/query.tsx';
import { useSession } from '#portal/lib/session.ts';
import { imageProblem } from '#portal/lib/upload-image.ts';
import { useChangePhoto } from '../api/change-photo.ts';
import { useMyProfile } from '../api/get-my-profile.ts';
import { useUpdateMyProfile } from '../api/update-my-profile.ts';
import { MailPreferences } from './mail-preferences.tsx';
import styles from './profile.module.css';
import { ProfileFields, profileDefaults, toUpdateBody, useProfileForm } from './profile-fields.tsx';

/**
 * An email that wraps at its natural points: after the @ and before a dot. With `overflow-wrap:
 * break-word` on the paragraph, a part is cut only when it is longer than a whole line.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  const beforeDots = /(?=\.)/;
  const parts = [...email.slice(0, at + 1).split(beforeDots), ...email.slice(at + 1).split(beforeDots)];
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The photo: JPEG or PNG up to 2 MB, sent to POST /files, then saved as the profile's image. */
function PhotoPicker() {
  const { t } = useLingui();
  const id = useId();
  const change = useChangePhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const busy = change.pending;
  const input = useRef<HTMLInputElement>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = imageProblem(file);
    if (found) {
      setProblem(
        found === 'type' ? t`Please upload only .jpg, .jpeg, .png type files.` : t`Input value is too long.`,
      );
      return;
    }
    setProblem(null);
    change.run(file);
  };

  return (
    <div className={styles.photo}>
      <input
        ref={input}
        id={id}
        type="file"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        className="visually-hidden"
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        onChange={(e) => void onPick(e)}
        disabled={busy}
      />
      <label htmlFor={id} className={`${formStyles.secondary} ${styles.photoButton}`} aria-busy={busy}>
        {busy ? <Trans>Uploading…</Trans> : <Trans>Change Photo</Trans>}
      </label>
      <p id={`${id}-hint`} className={formStyles.hint}>
        <Trans>JPG or PNG, up to 2 MB.</Trans>
      </p>
      <FormError id={`${id}-error`}>{problem}</FormError>
    </div>
  );
}

/** /profile (private): edit the profile; email is read-only. The phone may be left empty. */
function ProfilePage() {
  const { t } = useLingui();
  const { data: fetched } = useMyProfile();
  // the header and this page show the same stored profile (getMyProfile and every save update it)
  const stored = useSession((s) => s.profile);
  const profile = stored ?? fetched;
  const form = useProfileForm(fetched ?? stored);
  const update = useUpdateMyProfile(form);

  const onSubmit = form.handleSubmit(async (values) => {
    if (await update.runAsync(toUpdateBody(values))) form.reset(values);
  });

  return (
    <section className={layout.narrow} aria-labelledby="profile-title">
      <header className={layout.person}>
        <Avatar profile={profile} className={`${layout.portrait} ${styles.avatar}`} decorative />
        <div className={styles.who}>
          <h1 id="profile-title" className={styles.title}>
            <Trans>Your profile</Trans>
          </h1>
          {profile?.email && (
            <p className={styles.sub} data-profile-email>
              <BreakableEmail email={profile.email} />
            </p>
          )}
          <PhotoPicker />
        </div>
      </header>
      <form className={`${formStyles.form} ${layout.card}`} onSubmit={onSubmit} noValidate>
        <ProfileFields
          form={form}
          phoneOptional
          emailSlot={<TextField label={t`Email`} type="email" value={profile?.email ?? ''} readOnly />}
        />
        <div className={formStyles.actions}>
          <SubmitButton busy={update.pending}>
            <Trans>Save Changes</Trans>
          </SubmitButton>
          <button
            type="button"
            className={formStyles.secondary}
            onClick={() => form.reset(profileDefaults(fetched ?? stored))}
          >
            <Trans>Cancel</Trans>
          </button>
        </div>
      </form>
      <MailPreferences />
      <div className={`${layout.card} ${styles.account}`}>
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
