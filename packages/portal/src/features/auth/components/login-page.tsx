import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'wouter';
import { navigate } from '../../../lib/navigation.ts';
import { afterSignInPath } from '../../../lib/screens.ts';
import styles from './auth.module.css';
import { LoginForm } from './login-form.tsx';

/** /login: Sign In as a Buyer. After sign-in: the home page (the appraisal page once it exists). */
function LoginPage() {
  const [params] = useSearchParams();
  const notice = params.get('notice') === 'loggedOut' ? 'loggedOut' : undefined;
  return (
    <section className={styles.card} aria-labelledby="login-title">
      <h1 id="login-title" className={styles.title}>
        <Trans>Sign In as a Buyer</Trans>
      </h1>
      <p className={styles.lead}>
        <Trans>Welcome back. Sign in to follow your domain acquisitions.</Trans>
      </p>
      <LoginForm place="screen" notice={notice} onSignedIn={() => navigate(afterSignInPath())} />
    </section>
  );
}

export default LoginPage;
