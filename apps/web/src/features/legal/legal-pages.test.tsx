import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import PrivacyPolicyPage from './privacy-policy-page';
import RefundPolicyPage from './refund-policy-page';
import TermsPage from './terms-page';

const SUPPORT_EMAIL = 'help@sadusands.test';

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

function expectSupportMailLink() {
  const links = screen.getAllByRole('link', { name: SUPPORT_EMAIL });
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    expect(link.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
  }
}

function expectText(text: string) {
  expect(document.body.textContent).toContain(text);
}

function expectLinkTo(name: RegExp, href: string) {
  const links = screen.getAllByRole('link', { name });
  expect(links.some((link) => link.getAttribute('href') === href)).toBe(true);
}

afterEach(cleanup);

const PAGES = [
  ['privacy notice', PrivacyPolicyPage],
  ['terms', TermsPage],
  ['refund policy', RefundPolicyPage],
] as const;

describe('legal pages, common structure', () => {
  it.each(PAGES)('the %s renders one article with exactly one h1', (_name, Page) => {
    const { container } = renderPage(<Page supportEmail={SUPPORT_EMAIL} />);
    expect(container.querySelectorAll('article')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
  });

  it.each(PAGES)('the %s links the support e-mail with mailto:', (_name, Page) => {
    renderPage(<Page supportEmail={SUPPORT_EMAIL} />);
    expectSupportMailLink();
  });

  it.each(PAGES)('the %s names the headquarters', (_name, Page) => {
    renderPage(<Page supportEmail={SUPPORT_EMAIL} />);
    expectText('Chicago, IL, USA');
  });

  it.each(PAGES)('the %s does not set document.title', (_name, Page) => {
    document.title = 'Set by the router';
    renderPage(<Page supportEmail={SUPPORT_EMAIL} />);
    expect(document.title).toBe('Set by the router');
  });
});

describe('PrivacyPolicyPage', () => {
  const ANCHORS = [
    'cookies',
    'inforetain',
    'infosafe',
    'infominors',
    'privacyrights',
    'withdrawconsent',
    'DNT',
    'uslaws',
    'infouse',
    'whoshare',
    'contact',
  ];

  it('is dated January 30, 2024', () => {
    renderPage(<PrivacyPolicyPage supportEmail={SUPPORT_EMAIL} />);
    expectText('Last updated January 30, 2024');
  });

  it('puts every anchor id on a heading and links it from the table of contents', () => {
    const { container } = renderPage(<PrivacyPolicyPage supportEmail={SUPPORT_EMAIL} />);
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const tocHrefs = within(toc)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));

    for (const id of ANCHORS) {
      const target = container.querySelector(`[id="${id}"]`);
      expect(target, `#${id}`).not.toBeNull();
      expect(target?.tagName, `#${id}`).toMatch(/^H[23]$/);
      expect(tocHrefs, `#${id}`).toContain(`#${id}`);
    }
    // Every table-of-contents link lands somewhere on the page.
    for (const href of tocHrefs) {
      expect(container.querySelector(`[id="${href?.slice(1)}"]`), href ?? '').not.toBeNull();
    }
  });

  it('states the key facts of the notice', () => {
    renderPage(<PrivacyPolicyPage supportEmail={SUPPORT_EMAIL} />);
    for (const fact of [
      'phone numbers',
      'usernames',
      'We do not process sensitive information',
      'We do not receive any information about you from third parties',
      'merger',
      'financing',
      'Cookie Notice',
      'Do-Not-Track',
      'California, Colorado, Connecticut, Utah or Virginia',
      'fifteen (15) days',
      'within 45 days for Colorado',
      'within 60 days for Connecticut and Virginia',
      'Virginia Attorney General',
      'Shine the Light',
      'once a year and free of charge',
      'We have not sold or shared any personal information',
      'We may update this privacy notice from time to time',
    ]) {
      expectText(fact);
    }
  });

  it('has a categories table with a caption and header cells', () => {
    renderPage(<PrivacyPolicyPage supportEmail={SUPPORT_EMAIL} />);
    const table = screen.getByRole('table', { name: /categories of personal information/i });
    expect(within(table).getAllByRole('columnheader').length).toBe(4);
    const rows = within(table).getAllByRole('rowheader');
    expect(rows).toHaveLength(12);
    const identifiers = within(table).getByRole('row', { name: /A\. Identifiers/ });
    expect(within(identifiers).getByText('Yes')).toBeTruthy();
    const biometrics = within(table).getByRole('row', { name: /E\. Biometric/ });
    expect(within(biometrics).getByText('No')).toBeTruthy();
  });
});

describe('TermsPage', () => {
  it('states the linking rules and the age limit', () => {
    renderPage(<TermsPage supportEmail={SUPPORT_EMAIL} />);
    expectText('2-3 weeks');
    expectText('at least 18 years old');
    expectText('iFrame');
    expect(screen.getByRole('heading', { level: 2, name: 'Disclaimer' })).toBeTruthy();
  });

  it('links to the privacy notice and the refund policy', () => {
    renderPage(<TermsPage supportEmail={SUPPORT_EMAIL} />);
    expectLinkTo(/privacy notice/i, '/privacypolicy');
    expectLinkTo(/refund policy/i, '/refundpolicy');
  });
});

describe('RefundPolicyPage', () => {
  it('is dated February 2024 and states the return rules', () => {
    renderPage(<RefundPolicyPage supportEmail={SUPPORT_EMAIL} />);
    expectText('Last updated February 2024');
    expectText('14 calendar days');
    for (const condition of ['defective', 'original packaging', 'unused', 'undamaged']) {
      expectText(condition);
    }
    expectText('All returns are inspected');
    expectText('sale or as clearance cannot be returned');
    expectText('order number');
  });
});
