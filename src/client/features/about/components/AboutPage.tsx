import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { currentMobilePlatform } from '../../../lib/mobile-install';
import { useDeviceValue } from '../../../lib/use-device-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { useHashScroll } from '../hooks/use-hash-scroll';
import { useSectionSpy } from '../hooks/use-section-spy';
import {
  AboutSection,
  AccountManagement,
  ContactAndSupport,
  HowToJournal,
  InstallOnMobile,
  PrivacyAndSecurity,
} from './AboutSections';
import '../../../styles/about.css';

interface SectionEntry {
  id: string;
  title: string;
  content: ReactNode;
}

/** The help page: how to journal, accounts, support, privacy and, on phones, installing. */
export function AboutPage() {
  usePageTitle('About & FAQ');
  const platform = useDeviceValue(currentMobilePlatform, null);

  const sections = useMemo<SectionEntry[]>(() => {
    const all: SectionEntry[] = [
      { id: 'how-to-journal', title: 'How to Journal', content: <HowToJournal /> },
      { id: 'account', title: 'Account Management', content: <AccountManagement /> },
      { id: 'contact', title: 'Contact and Support', content: <ContactAndSupport /> },
      { id: 'privacy', title: 'Privacy and Security', content: <PrivacyAndSecurity /> },
    ];
    if (platform) all.push({ id: 'install', title: 'Install on Mobile', content: <InstallOnMobile platform={platform} /> });
    return all;
  }, [platform]);
  const ids = useMemo(() => sections.map((section) => section.id), [sections]);

  const active = useSectionSpy(ids);
  useHashScroll();

  return (
    <div className="about-page">
      <header className="about-header">
        <h1>About &amp; FAQ</h1>
        <p className="lead">
          Gratitude Journal is a calm daily practice: a moment to breathe, then a few lines about what you are grateful
          for, what you want to celebrate and what you are manifesting. Here is how it works.
        </p>
      </header>
      <div className="about-layout">
        <nav className="about-contents" aria-label="Contents">
          <p className="about-contents-title" aria-hidden="true">
            On this page
          </p>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <Link
                  to={`#${section.id}`}
                  replace
                  className="about-contents-link"
                  aria-current={active === section.id ? 'true' : undefined}
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="about-sections">
          {sections.map((section) => (
            <AboutSection key={section.id} id={section.id} title={section.title}>
              {section.content}
            </AboutSection>
          ))}
        </div>
      </div>
    </div>
  );
}
