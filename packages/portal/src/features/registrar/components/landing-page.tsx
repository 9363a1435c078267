import { Trans, useLingui } from '@lingui/react/macro';
import { formStyles } from '#portal/components/form.tsx';
import { withQueryClient } from '#portal/lib/query.tsx';
import type { RegistrarDetail } from '#portal/lib/registrar.ts';
import { type LandingRegistrar, useLandingRegistrar } from '../hooks/use-landing-registrar.ts';
import { EnquiryForm } from './enquiry-form.tsx';
import styles from './landing.module.css';
import { Services, Steps } from './services.tsx';
import { ShareLink } from './share-link.tsx';

function monogram(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : name.slice(0, 2)).toUpperCase();
}

function RegistrarBrand({ detail }: { detail: RegistrarDetail }) {
  const { t } = useLingui();
  const name = detail.name;
  return (
    <div className={styles.brand}>
      {detail.image ? (
        <img className={styles.logo} src={detail.image} alt={t`${name} logo`} />
      ) : (
        <span className={styles.monogram} aria-hidden="true">
          {monogram(name)}
        </span>
      )}
      <p className={styles.brandText}>
        <Trans>
          In partnership with <strong className={styles.brandName}>{name}</strong>
        </Trans>
      </p>
    </div>
  );
}

function BrandState({ registrar }: { registrar: LandingRegistrar }) {
  const { t } = useLingui();
  if (registrar.state === 'ready') return <RegistrarBrand detail={registrar.detail} />;
  if (registrar.state === 'loading')
    return (
      <div className={styles.brand} role="status" aria-label={t`Loading the registrar's details`}>
        <span className={`${styles.monogram} ${styles.placeholder}`} aria-hidden="true" />
        <span className={`${styles.placeholderLine}`} aria-hidden="true" />
      </div>
    );
  if (registrar.state === 'error')
    return (
      <div className={styles.brand} role="status">
        <p className={styles.brandText}>
          <Trans>We could not load your registrar's details.</Trans>
        </p>
        <button type="button" className={formStyles.secondary} onClick={registrar.retry}>
          <Trans>Try Again</Trans>
        </button>
      </div>
    );
  return null;
}

/**
 * /registrar-landing-page (docs/product.md "Registrar landing page and widget"): the registrar's logo and
 * name, the enquiry form, the eight service tiles and the three steps; a registrar-role user also gets their
 * shareable link.
 */
function RegistrarLandingPage() {
  const registrar = useLandingRegistrar();
  const registrarUID = registrar.registrarUID;
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="registrar-title">
        <div className={`${styles.container} ${styles.heroGrid}`}>
          <div className={styles.heroText}>
            <BrandState registrar={registrar} />
            <h1 id="registrar-title" className={styles.h1}>
              <Trans>The domain you want is taken? Our brokers can get it for you.</Trans>
            </h1>
            <p className={styles.lead}>
              <Trans>
                Tell us the name and your budget. A personal domain broker finds the owner, works out a fair
                price and negotiates on your behalf, without revealing who you are.
              </Trans>
            </p>
            {registrar.ownRegistrar && registrarUID && <ShareLink registrarUID={registrarUID} />}
          </div>
          <div className={styles.card}>
            <h2 id="enquiry-title" className={styles.cardTitle}>
              <Trans>Start your domain enquiry</Trans>
            </h2>
            <EnquiryForm registrarUID={registrarUID} prefillEmail={!registrar.ownRegistrar} />
          </div>
        </div>
      </section>
      <Services />
      <Steps />
    </div>
  );
}

export default withQueryClient(RegistrarLandingPage);
