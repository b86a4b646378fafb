import { SHOP_HEADQUARTERS, SHOP_NAME } from '@shop/shared/shop';
import LegalArticle from './legal-article';
import { LegalList, LegalSection, LegalSubsection } from './legal-section';
import { ShopLink, SupportEmailLink, TextLink } from './legal-links';

type TocEntry = { id: string; title: string; children?: TocEntry[] };

/** Section order of the notice; the headings below use the same titles and ids. */
const TOC: TocEntry[] = [
  { id: 'infocollect', title: '1. What information do we collect?' },
  { id: 'infouse', title: '2. How do we use your information?' },
  { id: 'whoshare', title: '3. When and with whom do we share your personal information?' },
  { id: 'cookies', title: '4. Do we use cookies and other tracking technologies?' },
  { id: 'inforetain', title: '5. How long do we keep your information?' },
  { id: 'infosafe', title: '6. How do we keep your information safe?' },
  { id: 'infominors', title: '7. Do we collect information from minors?' },
  {
    id: 'privacyrights',
    title: '8. What are your privacy rights?',
    children: [{ id: 'withdrawconsent', title: 'Withdrawing your consent' }],
  },
  { id: 'DNT', title: '9. Controls for Do-Not-Track features' },
  { id: 'uslaws', title: '10. Do United States residents have specific privacy rights?' },
  { id: 'policyupdates', title: '11. Do we make updates to this notice?' },
  { id: 'contact', title: '12. How can you contact us about this notice?' },
];

function titleOf(id: string): string {
  for (const entry of TOC) {
    if (entry.id === id) return entry.title;
    const child = entry.children?.find((c) => c.id === id);
    if (child) return child.title;
  }
  throw new Error(`Unknown privacy notice section: ${id}`);
}

type CategoryRow = { category: string; examples: string; collected: boolean };

const CATEGORIES: CategoryRow[] = [
  {
    category: 'A. Identifiers',
    examples:
      'Contact details such as your name, postal address, phone number, e-mail address, username and online identifier',
    collected: true,
  },
  {
    category: 'B. Personal information listed in the California Customer Records statute',
    examples: 'Name, contact information and payment information (held by our payment provider)',
    collected: true,
  },
  {
    category: 'C. Protected classification characteristics under state or federal law',
    examples: 'Gender, age, date of birth, race and ethnicity, national origin, marital status',
    collected: false,
  },
  {
    category: 'D. Commercial information',
    examples: 'Transaction information, purchase history and payment information',
    collected: true,
  },
  {
    category: 'E. Biometric information',
    examples: 'Fingerprints and voiceprints',
    collected: false,
  },
  {
    category: 'F. Internet or other similar network activity',
    examples: 'Browsing history, search history, online behaviour, interest data',
    collected: false,
  },
  {
    category: 'G. Geolocation data',
    examples: 'Device location',
    collected: false,
  },
  {
    category: 'H. Audio, electronic, visual, thermal, olfactory or similar information',
    examples: 'Images and audio, video or call recordings',
    collected: false,
  },
  {
    category: 'I. Professional or employment-related information',
    examples: 'Business contact details, job title, work history',
    collected: false,
  },
  {
    category: 'J. Education information',
    examples: 'Student records and directory information',
    collected: false,
  },
  {
    category: 'K. Inferences drawn from other personal information',
    examples: 'A profile of a person’s preferences and characteristics',
    collected: false,
  },
  {
    category: 'L. Sensitive personal information',
    examples: 'Account log-in details, health data, precise location and similar sensitive data',
    collected: false,
  },
];

const RETENTION_FOR_COLLECTED = 'As long as you have an account with us';

function TableOfContents() {
  return (
    <nav
      aria-label="Table of contents"
      className="rounded-lg border border-stone-200 bg-stone-50 p-5 sm:p-6"
    >
      <p className="text-lg font-semibold text-stone-900">Table of contents</p>
      <ol className="mt-3 space-y-2">
        {TOC.map((entry) => (
          <li key={entry.id}>
            <TextLink href={`#${entry.id}`}>{entry.title}</TextLink>
            {entry.children ? (
              <ul className="mt-2 space-y-2 pl-6">
                {entry.children.map((child) => (
                  <li key={child.id}>
                    <TextLink href={`#${child.id}`}>{child.title}</TextLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function CategoriesTable() {
  return (
    <div
      role="region"
      aria-labelledby="privacy-categories-caption"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-stone-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-900"
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm leading-6">
        <caption
          id="privacy-categories-caption"
          className="bg-stone-50 px-4 py-3 text-left font-semibold text-stone-900"
        >
          Categories of personal information we collected in the past 12 months
        </caption>
        <thead className="bg-stone-100 text-stone-900">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Category
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Examples
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Collected
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              How long we keep it
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {CATEGORIES.map((row) => (
            <tr key={row.category} className="align-top">
              <th scope="row" className="px-4 py-2 font-medium text-stone-900">
                {row.category}
              </th>
              <td className="px-4 py-2">{row.examples}</td>
              <td className="px-4 py-2 font-semibold text-stone-900">
                {row.collected ? 'Yes' : 'No'}
              </td>
              <td className="px-4 py-2">{row.collected ? RETENTION_FOR_COLLECTED : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function PrivacyPolicyPage({ supportEmail }: { supportEmail: string }) {
  const email = <SupportEmailLink email={supportEmail} />;

  return (
    <LegalArticle
      title="Privacy Notice"
      updated={{ label: 'January 30, 2024', dateTime: '2024-01-30' }}
      intro={
        <>
          <p>
            This privacy notice explains how {SHOP_NAME} (“we”, “us” or “our”), an online apparel
            shop based in {SHOP_HEADQUARTERS}, collects, stores, uses and shares your personal
            information when you visit our online shop, create an account, place an order (as a
            registered customer or as a guest), write a review or otherwise get in touch with us.
          </p>
          <p>
            Reading it will help you understand your privacy rights and choices. If you do not agree
            with how we handle your information, please do not use our shop. If you have any
            questions, e-mail us at {email}.
          </p>
        </>
      }
    >
      <LegalSection id="summary" heading="Summary of key points">
        <LegalList>
          <li>
            <strong className="text-stone-900">What we collect:</strong> the details you give us to
            run your account and your orders, such as your name, contact details and password.{' '}
            <TextLink href="#infocollect">Learn more</TextLink>.
          </li>
          <li>
            <strong className="text-stone-900">Sensitive information:</strong> we do not process
            sensitive personal information, and we do not receive information about you from third
            parties.
          </li>
          <li>
            <strong className="text-stone-900">How we use it:</strong> to provide our shop to you,
            to communicate with you, for security and fraud prevention, and to comply with the law.{' '}
            <TextLink href="#infouse">Learn more</TextLink>.
          </li>
          <li>
            <strong className="text-stone-900">Sharing:</strong> only in specific situations and
            with specific parties; we have not sold or shared personal information in the past 12
            months. <TextLink href="#whoshare">Learn more</TextLink>.
          </li>
          <li>
            <strong className="text-stone-900">Your rights:</strong> depending on where you live,
            you may have rights over your personal information. The easiest way to use them is to
            e-mail us at {email}. <TextLink href="#privacyrights">Learn more</TextLink>.
          </li>
        </LegalList>
      </LegalSection>

      <TableOfContents />

      <LegalSection id="infocollect" heading={titleOf('infocollect')}>
        <p>
          <strong className="text-stone-900">In short:</strong> we collect personal information that
          you give us.
        </p>
        <p>
          We collect personal information that you voluntarily provide when you register for an
          account, place an order, check out as a guest, write a review, contact us, or ask to hear
          about our products. Depending on how you use our shop, this may include:
        </p>
        <LegalList>
          <li>names</li>
          <li>phone numbers</li>
          <li>e-mail addresses</li>
          <li>mailing addresses (the delivery address of your orders)</li>
          <li>usernames</li>
          <li>passwords</li>
        </LegalList>
        <p>
          <strong className="text-stone-900">Sensitive information.</strong> We do not process
          sensitive information.
        </p>
        <p>
          <strong className="text-stone-900">Payment data.</strong> We may collect data needed to
          process your payment when you buy something, such as your card number and the security
          code that goes with it. You enter these on the hosted checkout page of our payment
          provider, Stripe, and all payment data is stored by Stripe, not by us. You can read
          Stripe’s privacy notice at{' '}
          <TextLink href="https://stripe.com/privacy">stripe.com/privacy</TextLink>.
        </p>
        <p>
          <strong className="text-stone-900">Information from other sources.</strong> We do not
          receive any information about you from third parties.
        </p>
        <p>
          All personal information you give us must be true, complete and accurate, and you must
          tell us about any changes to it.
        </p>
      </LegalSection>

      <LegalSection id="infouse" heading={titleOf('infouse')}>
        <p>
          <strong className="text-stone-900">In short:</strong> we process your information to
          provide, improve and administer our shop, to communicate with you, for security and fraud
          prevention, and to comply with the law.
        </p>
        <p>We use your personal information to:</p>
        <LegalList>
          <li>
            <strong className="text-stone-900">Create and manage your account</strong>, including
            verifying your e-mail address, signing you in and resetting a forgotten password.
          </li>
          <li>
            <strong className="text-stone-900">Take, fulfil and manage your orders</strong>,
            including payment, delivery to your address, returns and exchanges, and e-mails that
            confirm and track your order.
          </li>
          <li>
            <strong className="text-stone-900">Answer your questions and help you</strong> when you
            contact our support.
          </li>
          <li>
            <strong className="text-stone-900">Send you service messages</strong>, such as changes
            to our terms and policies or news about your account.
          </li>
          <li>
            <strong className="text-stone-900">Show your reviews</strong> of products you bought,
            together with your name.
          </li>
          <li>
            <strong className="text-stone-900">Send you marketing e-mails</strong>, if you have
            agreed to receive them. You can opt out at any time (see{' '}
            <TextLink href="#withdrawconsent">withdrawing your consent</TextLink>).
          </li>
          <li>
            <strong className="text-stone-900">Keep our shop secure</strong>, for example by
            limiting repeated failed sign-in attempts and preventing fraud.
          </li>
          <li>
            <strong className="text-stone-900">Understand how our shop is used</strong>, so that we
            can improve it.
          </li>
          <li>
            <strong className="text-stone-900">Comply with the law</strong> and protect our rights
            and the rights of others.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="whoshare" heading={titleOf('whoshare')}>
        <p>
          <strong className="text-stone-900">In short:</strong> we may share information in the
          specific situations described here and with the parties named below.
        </p>
        <LegalList>
          <li>
            <strong className="text-stone-900">Business transfers.</strong> We may share or transfer
            your information in connection with, or during negotiations of, any merger, sale of
            company assets, financing, or acquisition of all or part of our business by another
            company.
          </li>
          <li>
            <strong className="text-stone-900">Payment processing.</strong> When you check out, the
            details of your order and the payment details you enter go to our payment provider,
            Stripe, so that it can take your payment and send you a payment confirmation.
          </li>
          <li>
            <strong className="text-stone-900">Analytics.</strong> We may share information with a
            web analytics service that helps us understand how our shop is used.
          </li>
          <li>
            <strong className="text-stone-900">Maps and places.</strong> We may share your
            information with a maps and places service, for example to find and complete addresses.
            For this we obtain your location and store it on your device (“cache” it). You may
            revoke your consent at any time by contacting us at {email}.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="cookies" heading={titleOf('cookies')}>
        <p>
          <strong className="text-stone-900">In short:</strong> we may use cookies and other
          tracking technologies to collect and store your information.
        </p>
        <p>
          We may use cookies and similar tracking technologies, such as web beacons and tracking
          pixels, to access or store information when you use our shop. Specific information about
          how we use these technologies, and how you can refuse certain cookies, is set out in our
          separate Cookie Notice.
        </p>
        <p>
          Our shop also keeps your cart, your delivery address and your sign-in session in your
          browser’s local storage so that they are still there when you reload the page. You can
          clear this storage at any time in your browser settings; you will then be signed out and
          your cart will be emptied.
        </p>
      </LegalSection>

      <LegalSection id="inforetain" heading={titleOf('inforetain')}>
        <p>
          <strong className="text-stone-900">In short:</strong> we keep your information for as long
          as necessary for the purposes in this notice, unless the law requires otherwise.
        </p>
        <p>
          We only keep your personal information for as long as we need it for the purposes set out
          in this notice, unless a longer period is required or permitted by law (for example for
          tax or accounting). No purpose in this notice requires us to keep your personal
          information for longer than the period in which you have an account with us.
        </p>
        <p>
          When we no longer have a legitimate business need to process your personal information, we
          will either delete or anonymise it. If that is not possible (for example, because it is
          stored in backup archives), we will store it securely and isolate it from any further
          processing until deletion is possible.
        </p>
      </LegalSection>

      <LegalSection id="infosafe" heading={titleOf('infosafe')}>
        <p>
          <strong className="text-stone-900">In short:</strong> we aim to protect your personal
          information through organisational and technical security measures.
        </p>
        <p>
          We have put in place appropriate and reasonable technical and organisational security
          measures designed to protect the personal information we process. However, no electronic
          transmission over the internet and no information storage technology can be guaranteed to
          be 100% secure, so we cannot promise that hackers, cybercriminals or other unauthorised
          third parties will never be able to defeat our security and improperly collect, access,
          steal or change your information.
        </p>
        <p>
          Although we will do our best to protect your personal information, sending it to and from
          our shop is at your own risk. Please only use our shop in a secure environment and choose
          a strong password that you do not use anywhere else.
        </p>
      </LegalSection>

      <LegalSection id="infominors" heading={titleOf('infominors')}>
        <p>
          <strong className="text-stone-900">In short:</strong> we do not knowingly collect data
          from or market to children under 18 years of age.
        </p>
        <p>
          We do not knowingly solicit data from or market to children under 18 years of age. By
          using our shop, you confirm that you are at least 18, or that you are the parent or
          guardian of a minor and consent to that minor’s use of the shop.
        </p>
        <p>
          If we learn that personal information from users under 18 has been collected, we will
          deactivate the account and take reasonable measures to promptly delete that data from our
          records. If you become aware of any data we may have collected from children under 18,
          please contact us at {email}.
        </p>
      </LegalSection>

      <LegalSection id="privacyrights" heading={titleOf('privacyrights')}>
        <p>
          <strong className="text-stone-900">In short:</strong> you may review, change or terminate
          your account at any time.
        </p>
        <LegalSubsection id="withdrawconsent" heading={titleOf('withdrawconsent')}>
          <p>
            Where we rely on your consent to process your personal information, you have the right
            to withdraw it at any time by contacting us at {email}. Withdrawing consent does not
            affect processing that happened before you withdrew it.
          </p>
        </LegalSubsection>
        <LegalSubsection heading="Opting out of marketing">
          <p>
            You can unsubscribe from our marketing e-mails at any time by clicking the unsubscribe
            link in any of them, or by contacting us at {email}. You will then be removed from our
            marketing lists. We may still send you service messages that are needed to run your
            account or your orders, such as order confirmations and password resets.
          </p>
        </LegalSubsection>
        <LegalSubsection heading="Account information">
          <p>
            If you would like to review or change the information in your account, or terminate your
            account, you can:
          </p>
          <LegalList>
            <li>
              log in and use your account settings on your{' '}
              <ShopLink to="/profile">profile page</ShopLink>; or
            </li>
            <li>contact us at {email}.</li>
          </LegalList>
          <p>
            When you ask us to terminate your account, we will deactivate or delete your account and
            information from our active databases. We may keep some information in our files to
            prevent fraud, troubleshoot problems, assist with any investigations, enforce our legal
            terms and comply with applicable legal requirements.
          </p>
        </LegalSubsection>
        <LegalSubsection heading="Cookies and similar technologies">
          <p>
            Most web browsers accept cookies by default. You can usually set your browser to remove
            or reject cookies. If you do, some features of our shop, such as the cart and signing
            in, may not work properly.
          </p>
        </LegalSubsection>
        <p>If you have questions or comments about your privacy rights, e-mail us at {email}.</p>
      </LegalSection>

      <LegalSection id="DNT" heading={titleOf('DNT')}>
        <p>
          Most web browsers, and some mobile operating systems and apps, include a Do-Not-Track
          (“DNT”) setting you can turn on to signal that you do not want data about your online
          browsing activities to be monitored and collected. No uniform technology standard for
          recognising and implementing DNT signals has been finalised.
        </p>
        <p>
          We therefore do not currently respond to DNT browser signals or any other mechanism that
          automatically communicates your choice not to be tracked online. If a standard for online
          tracking is adopted that we must follow in the future, we will tell you about it in a
          revised version of this notice.
        </p>
      </LegalSection>

      <LegalSection id="uslaws" heading={titleOf('uslaws')}>
        <p>
          <strong className="text-stone-900">In short:</strong> if you are a resident of California,
          Colorado, Connecticut, Utah or Virginia, you have the right to request access to and
          receive details about the personal information we keep about you and how we have processed
          it, to correct inaccuracies, to get a copy of it, or to delete it. You may also have the
          right to withdraw your consent to our processing of your personal information.
        </p>

        <LegalSubsection heading="What categories of personal information do we collect?">
          <p>
            We have collected the following categories of personal information in the past twelve
            (12) months:
          </p>
          <CategoriesTable />
          <p>
            We may also collect other personal information outside these categories when you
            interact with us in person, online, or by phone or mail, for example when you get help
            through our customer support, take part in customer surveys, or when we deliver your
            order and answer your questions.
          </p>
        </LegalSubsection>

        <LegalSubsection heading="How do we use and share your personal information?">
          <p>
            How we use your personal information is described in{' '}
            <TextLink href="#infouse">section 2</TextLink>, and with whom we share it in{' '}
            <TextLink href="#whoshare">section 3</TextLink>.
          </p>
          <p>
            We have not sold or shared any personal information to third parties for a business or
            commercial purpose in the preceding twelve (12) months. If this ever changes, we will
            update this notice and give you the chance to opt out first.
          </p>
        </LegalSubsection>

        <LegalSubsection heading="Your rights">
          <p>Under the privacy laws of these states, you have rights that include the right to:</p>
          <LegalList>
            <li>know whether or not we are processing your personal information;</li>
            <li>access your personal information;</li>
            <li>correct inaccuracies in your personal information;</li>
            <li>request the deletion of your personal information;</li>
            <li>obtain a copy of the personal information you previously shared with us;</li>
            <li>not be discriminated against for exercising your rights;</li>
            <li>
              opt out of the processing of your personal information if it is used for targeted
              advertising, the sale of personal information, or profiling in furtherance of
              decisions that produce legal or similarly significant effects.
            </li>
          </LegalList>
        </LegalSubsection>

        <LegalSubsection heading="How to exercise your rights">
          <p>
            To exercise these rights, e-mail us at {email}. We will need to verify your identity
            before we act on your request, usually by asking you to confirm details we already hold,
            such as the e-mail address of your account. You may also authorise an agent to make a
            request on your behalf; we may then ask for proof that the agent is authorised.
          </p>
          <LegalList>
            <li>
              We will act on a request to opt out of targeted advertising, sale or profiling as soon
              as feasibly possible, and no later than fifteen (15) days after we receive it.
            </li>
            <li>
              Virginia residents: we will respond to your request within 45 days of receiving it.
              When reasonably necessary, we may extend this once by a further 45 days; if we do, we
              will tell you, and why, within the first 45 days.
            </li>
          </LegalList>
        </LegalSubsection>

        <LegalSubsection heading="Appeals">
          <p>
            If we decline to act on your request, you may appeal our decision by e-mailing us at{' '}
            {email}. We will tell you in writing what action we took or did not take in response to
            the appeal, with a written explanation of the reasons, within 45 days for Colorado
            residents and within 60 days for Connecticut and Virginia residents. If your appeal is
            denied and you live in Virginia, you may submit a complaint to the Virginia Attorney
            General.
          </p>
        </LegalSubsection>

        <LegalSubsection heading="Do California residents have specific privacy rights?">
          <p>
            The categories of personal information we collect, how long we keep them, and the fact
            that we have not sold or shared personal information in the past 12 months are set out
            above. In addition, California residents have the following rights.
          </p>
          <p>
            <strong className="text-stone-900">Right to request deletion of your data.</strong> You
            can ask us to delete your personal information. If you do, we will respect your request
            and delete it, subject to certain exceptions provided by law, such as another consumer’s
            exercise of the right to free speech, our compliance with a legal obligation, or
            processing that is needed to protect against illegal activities.
          </p>
          <p>
            <strong className="text-stone-900">Right to be informed (request to know).</strong>{' '}
            Depending on the circumstances, you have the right to know:
          </p>
          <LegalList>
            <li>whether we collect and use your personal information;</li>
            <li>the categories of personal information we collect;</li>
            <li>the purposes for which we use the personal information we collect;</li>
            <li>whether we sell or share personal information with third parties;</li>
            <li>
              the categories of personal information we sold, shared or disclosed for a business
              purpose;
            </li>
            <li>
              the categories of third parties to whom personal information was sold, shared or
              disclosed for a business purpose;
            </li>
            <li>the business or commercial purpose for collecting, selling or sharing it; and</li>
            <li>the specific pieces of personal information we have collected about you.</li>
          </LegalList>
          <p>
            As the law allows, we are not required to provide or delete consumer information that
            has been de-identified in response to a request, or to re-identify individual data to
            verify a request.
          </p>
          <p>
            <strong className="text-stone-900">Right to non-discrimination.</strong> We will not
            discriminate against you for exercising your privacy rights.
          </p>
          <p>
            <strong className="text-stone-900">“Shine the Light”.</strong> California Civil Code
            Section 1798.83 allows California residents to request from us, once a year and free of
            charge, information about the categories of personal information (if any) we disclosed
            to third parties for direct marketing purposes, and the names and addresses of all third
            parties with which we shared personal information, in the immediately preceding calendar
            year. To make such a request, send it to us in writing at {email}.
          </p>
          <p>
            <strong className="text-stone-900">Content posted by users under 18.</strong> Although
            our shop is meant for adults, if you are under 18, live in California and have a
            registered account, you have the right to ask us to remove content you have publicly
            posted on our shop, such as reviews. To ask for removal, e-mail us at {email} from the
            e-mail address of your account and include a statement that you live in California. We
            will make sure the content is no longer publicly displayed, but it may not be completely
            removed from all of our systems (for example, backups).
          </p>
        </LegalSubsection>
      </LegalSection>

      <LegalSection id="policyupdates" heading={titleOf('policyupdates')}>
        <p>
          <strong className="text-stone-900">In short:</strong> yes, we will update this notice as
          necessary to stay compliant with relevant laws.
        </p>
        <p>
          We may update this privacy notice from time to time. The updated version will carry a
          revised “Last updated” date at the top of this page and will take effect as soon as it is
          published. If we make material changes, we may tell you by posting a prominent notice in
          our shop or by e-mailing you directly. Please check this notice regularly to stay informed
          about how we protect your information.
        </p>
      </LegalSection>

      <LegalSection id="contact" heading={titleOf('contact')}>
        <p>
          If you have questions or comments about this notice, or want to review, update or delete
          the personal information we hold about you, e-mail us at {email}.
        </p>
        <address className="not-italic">
          {SHOP_NAME}
          <br />
          {SHOP_HEADQUARTERS}
          <br />
          {email}
        </address>
      </LegalSection>
    </LegalArticle>
  );
}
