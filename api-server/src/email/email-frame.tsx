import type { ReactElement, ReactNode } from 'react';
import { Body, Container, Head, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import type { MailBrand } from './brand';

interface EmailFrameProps {
  brand: MailBrand;
  preview?: string;
  transactional: boolean;
  children: ReactNode;
}

/** The branded frame around every mail's own content: logo or name in the brand colour, then a footer. */
export function EmailFrame({ brand, preview, transactional, children }: EmailFrameProps): ReactElement {
  return (
    <Html lang="en">
      <Head />
      {preview ? <Preview>{preview}</Preview> : null}
      <Body
        style={{ backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}
      >
        <Container
          style={{
            backgroundColor: '#ffffff',
            borderTop: `4px solid ${brand.brandColor}`,
            maxWidth: '560px',
            padding: '24px',
          }}
        >
          <Section>
            {brand.logoUrl ? (
              <Img
                src={brand.logoUrl}
                alt={brand.manufacturerName}
                height="40"
                style={{ maxWidth: '200px', height: '40px' }}
              />
            ) : (
              <Text style={{ color: brand.brandColor, fontSize: '20px', fontWeight: 'bold', margin: 0 }}>
                {brand.manufacturerName}
              </Text>
            )}
          </Section>
          <Section style={{ color: '#1a1a1a', fontSize: '15px', lineHeight: '22px' }}>{children}</Section>
          <Hr style={{ borderColor: '#e3e5e8', margin: '24px 0 12px' }} />
          <Text style={{ color: '#6b7280', fontSize: '12px', lineHeight: '18px', margin: 0 }}>
            {brand.manufacturerName}
            {brand.replyTo ? ` · Questions? Reply to this mail or write to ${brand.replyTo}.` : null}
          </Text>
          {transactional ? null : (
            <Text style={{ color: '#6b7280', fontSize: '12px', lineHeight: '18px', margin: '4px 0 0' }}>
              You can unsubscribe from these mails with your mail program&apos;s unsubscribe button.
            </Text>
          )}
        </Container>
      </Body>
    </Html>
  );
}
