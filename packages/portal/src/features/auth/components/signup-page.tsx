import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'wouter';
import { navigate } from '#portal/lib/navigation.ts';
import styles from './auth.module.css';
import { NameEmailSignup, SignupForm } from './signup-form.tsx';

/**
 * /signup: Sign Up as a Buyer. `?variant=name` shows the name-and-email variant (a temporary password
 * is mailed). After a sign-up that signs in, the home page.
 */
function SignupPage() {
  const [params] = useSearchParams();
  const short = params.get('variant') === 'name';
  return (
    <section className={styles.card} aria-labelledby="signup-title">
      <h1 id="signup-title" className={styles.title}>
        <Trans>Sign Up as a Buyer</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>Create a free account to appraise domains and hire a broker.</Trans>
      </p>
      {short ? (
        <NameEmailSignup place="screen" onGoToLogin={() => navigate('/login')} />
      ) : (
        <SignupForm place="screen" onSignedIn={() => navigate('/')} />
      )}
    </section>
  );
}

export default SignupPage;
