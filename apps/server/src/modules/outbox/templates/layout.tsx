import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { Locale } from '@kiraya/contract';
import type { ReactNode } from 'react';
import { EMAIL_TEXTS } from '../../../i18n/emails.js';

export type LayoutProps = {
  preview: string;
  heading: string;
  name: string | null;
  children: ReactNode;
  action?: { label: string; href: string };
  publicUrl: string;
  /** Set on every email but security ones. */
  unsubscribeUrl: string | null;
  /** Why the person gets this email (the footer). */
  reason?: string;
  /** The recipient's language: the `lang` of the HTML and the frame's own words. */
  locale: Locale;
};

const brand = '#0f766e';

/** The frame every Kiraya email shares: 600 px wide at most, one column, readable on a phone. */
export function Layout(p: LayoutProps) {
  const w = EMAIL_TEXTS[p.locale].layout;
  return (
    <Html lang={p.locale}>
      <Head />
      <Preview>{p.preview}</Preview>
      <Body
        style={{
          backgroundColor: '#f4f4f5',
          fontFamily: "'Segoe UI', Roboto, 'Nirmala UI', 'Noto Sans Devanagari', Mangal, Helvetica, Arial, sans-serif",
          margin: 0,
          padding: '16px 0',
        }}
      >
        <Container style={{ maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px', padding: '24px' }}>
          <Text style={{ color: brand, fontSize: '20px', fontWeight: 700, margin: '0 0 16px' }}>Kiraya</Text>
          <Heading as="h1" style={{ fontSize: '20px', lineHeight: '28px', color: '#18181b', margin: '0 0 12px' }}>
            {p.heading}
          </Heading>
          {p.name && <Text style={{ fontSize: '15px', color: '#27272a', margin: '0 0 8px' }}>{w.hello(p.name)}</Text>}
          <Section style={{ fontSize: '15px', lineHeight: '24px', color: '#27272a' }}>{p.children}</Section>
          {p.action && (
            <Section style={{ margin: '20px 0' }}>
              <Button
                href={p.action.href}
                style={{
                  backgroundColor: brand,
                  color: '#ffffff',
                  borderRadius: '6px',
                  padding: '12px 20px',
                  fontSize: '15px',
                  fontWeight: 600,
                }}
              >
                {p.action.label}
              </Button>
              <Text style={{ fontSize: '12px', color: '#71717a', margin: '12px 0 0', wordBreak: 'break-all' }}>
                {w.orOpen} <Link href={p.action.href}>{p.action.href}</Link>
              </Text>
            </Section>
          )}
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 12px' }} />
          <Text style={{ fontSize: '12px', color: '#71717a', margin: 0 }}>
            {p.reason ?? w.reason} <Link href={p.publicUrl}>Kiraya</Link>
            {p.unsubscribeUrl && (
              <>
                {' · '}
                <Link href={p.unsubscribeUrl}>{w.unsubscribe}</Link>
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const P = ({ children }: { children: ReactNode }) => (
  <Text style={{ fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' }}>{children}</Text>
);
