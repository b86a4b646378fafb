import { SHOP_HEADQUARTERS, SHOP_NAME } from '@shop/shared/shop';
import LegalArticle from './legal-article';
import { LegalList, LegalSection, LegalSubsection } from './legal-section';
import { ShopLink, SupportEmailLink } from './legal-links';

export default function TermsPage({ supportEmail }: { supportEmail: string }) {
  const email = <SupportEmailLink email={supportEmail} />;

  return (
    <LegalArticle
      title="Terms and Conditions"
      intro={
        <>
          <p>
            Welcome to {SHOP_NAME}! These terms and conditions set out the rules for using the{' '}
            {SHOP_NAME} online shop, which is run from {SHOP_HEADQUARTERS}.
          </p>
          <p>
            By using our shop you accept these terms. If you do not agree with any part of them,
            please do not use the shop. In these terms, “we”, “us” and “our” mean {SHOP_NAME}, and
            “you” means anyone who visits or buys from the shop.
          </p>
        </>
      }
    >
      <LegalSection id="related" heading="Related policies">
        <p>
          These terms go together with two other documents that also apply when you use our shop:
        </p>
        <LegalList>
          <li>
            our <ShopLink to="/privacypolicy">Privacy Notice</ShopLink>, which explains what
            personal information we collect and how we use it; and
          </li>
          <li>
            our <ShopLink to="/refundpolicy">Refund Policy</ShopLink>, which explains when and how
            you can return a product.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="age" heading="Who can buy">
        <p>
          You must be at least 18 years old to buy from {SHOP_NAME}. By placing an order, whether
          with an account or as a guest, you confirm that you are 18 or older and that the
          information you give us (such as your name, e-mail and delivery address) is true and
          complete.
        </p>
        <p>
          If you create an account, you are responsible for keeping your password secret and for
          everything that happens under your account. Tell us straight away at {email} if you think
          someone else has used it.
        </p>
      </LegalSection>

      <LegalSection id="orders" heading="Orders and payment">
        <p>
          Prices are shown in US dollars. Shipping is free on orders of $50 or more; otherwise a
          shipping charge is added. Shipping and any sales tax are shown in your order summary
          before you place your order.
        </p>
        <p>
          Payment is taken on the secure hosted checkout page of our card payment provider, Stripe.
          We never see or store your full card details. After payment you receive a payment
          confirmation e-mail from Stripe and an order-tracking e-mail from us.
        </p>
      </LegalSection>

      <LegalSection id="cookies" heading="Cookies">
        <p>
          Our shop uses cookies and similar technologies, such as your browser’s local storage. By
          using {SHOP_NAME}, you agree to their use in line with our{' '}
          <ShopLink to="/privacypolicy">Privacy Notice</ShopLink>.
        </p>
        <p>
          Some of them are needed for the shop to work, for example to remember your cart and keep
          you signed in. Others help us understand how the shop is used so we can improve it.
        </p>
      </LegalSection>

      <LegalSection id="license" heading="Licence to use our content">
        <p>
          Unless stated otherwise, {SHOP_NAME} and its licensors own the intellectual property
          rights in all material on this shop, including product photos, designs, texts and logos.
          All rights are reserved. You may view and print pages for your own personal use, subject
          to the limits in these terms.
        </p>
        <p>You must not:</p>
        <LegalList>
          <li>republish material from {SHOP_NAME};</li>
          <li>sell, rent or sub-license material from {SHOP_NAME};</li>
          <li>reproduce, duplicate or copy material from {SHOP_NAME};</li>
          <li>redistribute content from {SHOP_NAME}.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="comments" heading="Reviews and comments">
        <p>
          Parts of our shop let you post reviews, ratings and comments (“Comments”). We do not
          filter, edit, publish or review Comments before they appear. Comments express the views
          and opinions of the people who post them, not those of {SHOP_NAME}. To the extent
          permitted by law, we are not liable for Comments or for any loss or expense caused by
          their use, posting or appearance on the shop.
        </p>
        <p>
          We may monitor all Comments and remove any that we consider inappropriate, offensive or in
          breach of these terms.
        </p>
        <p>When you post a Comment, you warrant and represent that:</p>
        <LegalList>
          <li>
            you are entitled to post it and have all necessary licences and consents to do so;
          </li>
          <li>
            it does not infringe any intellectual property right, including copyright, patent or
            trademark, of any third party;
          </li>
          <li>
            it does not contain any defamatory, libellous, offensive, indecent or otherwise unlawful
            material, or material that invades anyone’s privacy;
          </li>
          <li>
            it will not be used to solicit or promote business or custom, or to present commercial
            or unlawful activities.
          </li>
        </LegalList>
        <p>
          You grant {SHOP_NAME} a non-exclusive licence to use, reproduce and edit your Comments,
          and to authorise others to do so, in any form, format or media.
        </p>
      </LegalSection>

      <LegalSection id="linking" heading="Linking to our shop">
        <LegalSubsection heading="Who may link without asking us">
          <p>
            The following organisations may link to our shop without our prior written approval:
          </p>
          <LegalList>
            <li>government agencies;</li>
            <li>search engines;</li>
            <li>news organisations;</li>
            <li>
              online directory distributors, in the same way as they link to the websites of other
              listed businesses;
            </li>
            <li>
              system-wide accredited businesses, except soliciting non-profit organisations, charity
              shopping malls and charity fundraising groups, which may not link to our shop.
            </li>
          </LegalList>
          <p>
            These organisations may link to our home page, to product pages or to other information
            on the shop, as long as the link: (a) is not in any way deceptive; (b) does not falsely
            imply sponsorship, endorsement or approval by us of the linking party and its products
            or services; and (c) fits the context of the linking party’s site.
          </p>
        </LegalSubsection>

        <LegalSubsection heading="Who may ask to link">
          <p>We may consider and approve link requests from the following organisations:</p>
          <LegalList>
            <li>commonly known consumer and business information sources;</li>
            <li>community sites;</li>
            <li>associations or other groups representing charities;</li>
            <li>online directory distributors;</li>
            <li>internet portals;</li>
            <li>accounting, law and consulting firms; and</li>
            <li>educational institutions and trade associations.</li>
          </LegalList>
          <p>
            We will approve a request if we decide that: (a) the link would not reflect badly on us;
            (b) the organisation has no negative record with us; (c) the link brings enough benefit
            to justify it; and (d) the link appears in the context of general resource information.
          </p>
        </LegalSubsection>

        <LegalSubsection heading="How to ask for approval">
          <p>
            If you are one of the organisations listed just above and would like to link to our
            shop, e-mail us at {email} with:
          </p>
          <LegalList>
            <li>your name and your organisation’s name;</li>
            <li>your contact information;</li>
            <li>the URL of your site;</li>
            <li>a list of the URLs from which you intend to link to our shop; and</li>
            <li>a list of the pages on our shop you would like to link to.</li>
          </LegalList>
          <p>Please allow 2-3 weeks for a response.</p>
        </LegalSubsection>

        <LegalSubsection heading="How approved organisations may link">
          <p>Approved organisations may link to our shop:</p>
          <LegalList>
            <li>by using our name, {SHOP_NAME};</li>
            <li>by using the web address being linked to; or</li>
            <li>
              by using any other description of our shop that makes sense within the context and
              format of the content on the linking party’s site.
            </li>
          </LegalList>
          <p>
            Our logo and other artwork may not be used for linking without a trademark licence
            agreement.
          </p>
        </LegalSubsection>
      </LegalSection>

      <LegalSection id="iframes" heading="iFrames">
        <p>
          Without our prior approval and written permission, you may not create frames around our
          pages, or embed them in an iFrame, in any way that changes the visual presentation or
          appearance of our shop.
        </p>
      </LegalSection>

      <LegalSection id="content-liability" heading="Content liability">
        <p>
          We are not responsible for any content that appears on your website. You agree to protect
          and defend us against all claims arising from your website. No link should appear on any
          website that may be interpreted as libellous, obscene or criminal, or that infringes,
          otherwise violates, or encourages the infringement or other violation of, any third-party
          rights.
        </p>
      </LegalSection>

      <LegalSection id="reservation" heading="Reservation of rights">
        <p>
          We reserve the right to ask you to remove all links, or any particular link, to our shop.
          You agree to remove them immediately when asked. We also reserve the right to change these
          terms and our linking policy at any time. By continuing to link to our shop, you agree to
          be bound by, and to follow, these linking terms.
        </p>
      </LegalSection>

      <LegalSection id="removal" heading="Removal of links from our shop">
        <p>
          If you find a link on our shop that is offensive for any reason, you are welcome to
          contact us at {email} at any time. We will consider requests to remove links, but we are
          not obliged to remove them or to respond to you directly.
        </p>
        <p>
          We try to keep the information on our shop correct and up to date, but we do not promise
          that it is complete or accurate, or that the shop will always be available.
        </p>
      </LegalSection>

      <LegalSection id="disclaimer" heading="Disclaimer">
        <p>
          To the maximum extent permitted by applicable law, we exclude all representations,
          warranties and conditions relating to our shop and its use. Nothing in this disclaimer
          will:
        </p>
        <LegalList>
          <li>limit or exclude our or your liability for death or personal injury;</li>
          <li>limit or exclude our or your liability for fraud or fraudulent misrepresentation;</li>
          <li>
            limit any of our or your liabilities in any way that is not permitted under applicable
            law; or
          </li>
          <li>
            exclude any of our or your liabilities that may not be excluded under applicable law.
          </li>
        </LegalList>
        <p>
          The limitations and exclusions of liability in this section and elsewhere in these terms
          (a) are subject to the paragraph above, and (b) govern all liabilities arising under these
          terms, including liabilities in contract, in tort and for breach of statutory duty. Your
          rights under our <ShopLink to="/refundpolicy">Refund Policy</ShopLink> and any rights you
          have as a consumer under the law are not affected.
        </p>
        <p>
          As long as the information and services on our shop are provided free of charge, we will
          not be liable for any loss or damage of any nature arising from them.
        </p>
      </LegalSection>

      <LegalSection id="changes" heading="Changes to these terms">
        <p>
          We may update these terms from time to time. The version published on this page is the one
          that applies when you use the shop or place an order.
        </p>
      </LegalSection>

      <LegalSection id="contact" heading="Contact us">
        <p>
          If you have any questions about these terms, e-mail us at {email}. {SHOP_NAME} is based in{' '}
          {SHOP_HEADQUARTERS}.
        </p>
      </LegalSection>
    </LegalArticle>
  );
}
