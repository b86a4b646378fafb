import { SHOP_HEADQUARTERS, SHOP_NAME } from '@shop/shared/shop';
import LegalArticle from './legal-article';
import { LegalList, LegalSection } from './legal-section';
import { ShopLink, SupportEmailLink } from './legal-links';

export default function RefundPolicyPage({ supportEmail }: { supportEmail: string }) {
  const email = <SupportEmailLink email={supportEmail} />;

  return (
    <LegalArticle
      title="Refund Policy"
      updated={{ label: 'February 2024', dateTime: '2024-02' }}
      intro={
        <p>
          Thank you for shopping at {SHOP_NAME}. We want you to be happy with your shirts, straps,
          totes and hoodies. If something arrives faulty, this policy explains how to return it and
          get your money back.
        </p>
      }
    >
      <LegalSection id="return-window" heading="Return window">
        <p>
          You have{' '}
          <strong className="text-stone-900">14 calendar days from the date of purchase</strong> to
          ask for a return. If more than 14 calendar days have passed since your purchase, we are
          unfortunately unable to offer a refund or an exchange.
        </p>
      </LegalSection>

      <LegalSection id="eligibility" heading="Which items can be refunded">
        <p>We can only refund a product if all of the following are true:</p>
        <LegalList>
          <li>the product is defective;</li>
          <li>it is in its original packaging;</li>
          <li>it is unused; and</li>
          <li>it is undamaged (apart from the defect itself).</li>
        </LegalList>
        <p>
          All returns are inspected when they reach us. We will tell you by e-mail whether your
          return has been approved or rejected.
        </p>
      </LegalSection>

      <LegalSection id="sale-items" heading="Sale and clearance items">
        <p>Items bought on sale or as clearance cannot be returned.</p>
      </LegalSection>

      <LegalSection id="start-a-return" heading="How to start a return">
        <ol className="list-decimal space-y-2 pl-6 marker:font-semibold marker:text-stone-700">
          <li>
            E-mail us at {email} within 14 calendar days of your purchase. Include your order number
            (you can find it in your order e-mail and, if you have an account, in the Orders list on
            your <ShopLink to="/profile">profile page</ShopLink>) and a short description of the
            defect. Photos of the defect help us to help you faster.
          </li>
          <li>
            We will reply with return instructions and the address to send the product to. Please do
            not send anything back before you have heard from us, as we cannot accept returns we
            were not told about.
          </li>
          <li>
            Pack the product in its original packaging and send it to us as described in our reply.
          </li>
        </ol>
      </LegalSection>

      <LegalSection id="return-shipping" heading="Return shipping">
        <p>
          Because we only accept returns of defective products, we pay for return shipping. Our
          reply to your e-mail explains how: for example, we send you a prepaid shipping label or
          reimburse your postage.
        </p>
      </LegalSection>

      <LegalSection id="refunds" heading="How you are refunded">
        <p>
          Once your return has been received, inspected and approved, we refund you to the card you
          paid with, through our payment provider, Stripe.
        </p>
        <p>
          After we have issued the refund, it usually takes 5-10 business days to appear on your
          card statement, depending on your bank or card issuer.
        </p>
        <p>
          If you have not received your refund after that time, please first check your bank account
          again, then contact your card issuer, as it can take a while before a refund is officially
          posted. If you still have not received it, e-mail us at {email}.
        </p>
      </LegalSection>

      <LegalSection id="exchanges" heading="Exchanges">
        <p>
          If your product is defective, you can ask for a replacement of the same item instead of a
          refund. Just say so in your e-mail. The same 14-day window and conditions apply. If the
          item is out of stock, we will refund you instead.
        </p>
        <p>
          As we only take back defective products, we cannot exchange an item for a different size
          or style. Please check the size and option on the product page before ordering.
        </p>
      </LegalSection>

      <LegalSection id="contact" heading="Contact us">
        <p>
          Questions about returns or refunds? E-mail us at {email}. {SHOP_NAME} is based in{' '}
          {SHOP_HEADQUARTERS}. You can also read our{' '}
          <ShopLink to="/terms">Terms and Conditions</ShopLink> and our{' '}
          <ShopLink to="/privacypolicy">Privacy Notice</ShopLink>.
        </p>
      </LegalSection>
    </LegalArticle>
  );
}
