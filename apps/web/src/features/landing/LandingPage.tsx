import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CLAIMS, FILE_GROUPS, FOOTER_ITEMS, PROMISES, SOURCE_PROFILE_URL, STEPS } from './content';

/** The public landing page: bundled with the entry (not lazy) because it is what a first visit shows. */
export default function LandingPage() {
  return (
    <>
      <section className="hero bg-gradient-to-b from-base-200 to-base-100 px-4 py-16 sm:py-24">
        <div className="hero-content max-w-4xl flex-col text-center">
          <h1 className="text-4xl font-extrabold leading-tight sm:text-6xl">
            Your files, safe in the{' '}
            <span className="underline decoration-primary decoration-4 underline-offset-8">cloud</span>
          </h1>
          <p className="max-w-2xl text-lg text-base-content/80">
            CloudStash stores, previews and shares your files, and removes duplicate files automatically to
            save storage.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className="btn btn-primary btn-lg">
              Get Started Free
            </Link>
            <Link to="/login" className="btn btn-outline btn-lg">
              Sign In
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="claims-heading" className="px-4 py-10">
        <h2 id="claims-heading" className="sr-only">
          CloudStash in numbers
        </h2>
        <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-4 md:grid-cols-4">
          {CLAIMS.map((claim) => (
            <div
              key={claim.label}
              className="rounded-box border border-t-4 border-base-300 border-t-primary bg-base-100 p-5 text-center shadow-sm"
            >
              <dt className="text-sm text-base-content/80">{claim.label}</dt>
              <dd className="text-3xl font-bold">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <LandingSection id="features" title="Everything you need to store files" width="max-w-6xl">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PROMISES.map((promise) => (
            <li key={promise.title} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-8 text-primary"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={promise.icon} />
                </svg>
                <h3 className="card-title text-lg">{promise.title}</h3>
                <p className="text-base-content/80">{promise.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="types" title="Supported file types" width="max-w-6xl" tinted>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FILE_GROUPS.map((group) => (
            <li key={group.title} className="rounded-box bg-base-100 p-5 shadow-sm">
              <h3 className="text-lg font-semibold">{group.title}</h3>
              <p className="mt-2 flex flex-wrap gap-2">
                {group.formats.map((format) => (
                  <span key={format} className="badge badge-neutral">
                    {format}
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </LandingSection>

      <LandingSection id="steps" title="How it works" width="max-w-5xl">
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4 rounded-box border border-base-300 p-5">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-primary-content"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-base-content/80">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </LandingSection>

      <section aria-labelledby="cta-heading" className="px-4 pb-16">
        <div className="mx-auto max-w-4xl rounded-box border border-primary/40 bg-base-200 p-8 text-center shadow-lg sm:p-12">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Ready to get started?
          </h2>
          <p className="mt-2 text-base-content/80">Join CloudStash and keep your files in one place.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className="btn btn-lg btn-primary">
              Start Free Today
            </Link>
            <Link to="/login" className="btn btn-lg btn-outline">
              Already Have Account?
            </Link>
          </div>
        </div>
      </section>

      <footer className="flex flex-col items-center gap-4 border-t border-base-300 bg-base-200 p-8 text-center text-sm">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2" aria-label="Footer">
          {FOOTER_ITEMS.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>
          Built by{' '}
          <a href={SOURCE_PROFILE_URL} className="link" target="_blank" rel="noopener noreferrer">
            the CloudStash developers on GitHub
          </a>
        </p>
        <p>© 2025 CloudStash</p>
      </footer>
    </>
  );
}

interface LandingSectionProps {
  id: string;
  title: string;
  width: 'max-w-5xl' | 'max-w-6xl';
  /** A shaded band, to set a section apart from its neighbours. */
  tinted?: boolean;
  children: ReactNode;
}

/** A titled band of the landing page, labelled by its heading for screen readers. */
function LandingSection({ id, title, width, tinted = false, children }: LandingSectionProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className={`px-4 py-12 ${tinted ? 'bg-base-200' : ''}`}>
      <div className={`mx-auto ${width}`}>
        <h2 id={`${id}-heading`} className="mb-8 text-center text-3xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
