import type { OutgoingMail } from './transport';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, paragraphs: string[], link: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #2b2b2b; line-height: 1.5;">
<h1 style="font-size: 20px;">${escapeHtml(title)}</h1>
${body}
<p><a href="${escapeHtml(link.href)}" style="display: inline-block; padding: 10px 16px; background: #2f6f69; color: #fff; border-radius: 6px; text-decoration: none;">${escapeHtml(link.label)}</a></p>
<p style="font-size: 13px; color: #555;">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.href)}</p>
</body></html>`;
}

/*
 * Every word of these emails is ours. They go to whatever address was typed at sign-up or in a reset request, so
 * nothing a person typed (a display name, say) goes in them: a stranger's inbox would get that person's text.
 */

export function verificationMail(to: string, link: string): OutgoingMail {
  const lines = [
    'Hello,',
    'Please confirm your email address to start writing in your Gratitude Journal.',
    'This link works once and expires in 24 hours. If you did not sign up, you can ignore this email.',
  ];
  return {
    to,
    subject: 'Verify your email for Gratitude Journal',
    text: `${lines.join('\n\n')}\n\nVerify your email: ${link}\n`,
    html: layout('Verify your email', lines, { href: link, label: 'Verify email' }),
    link,
  };
}

export function resetPasswordMail(to: string, link: string): OutgoingMail {
  const lines = [
    'Hello,',
    'We received a request to reset the password of your Gratitude Journal account.',
    'This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email.',
  ];
  return {
    to,
    subject: 'Reset your Gratitude Journal password',
    text: `${lines.join('\n\n')}\n\nReset your password: ${link}\n`,
    html: layout('Reset your password', lines, { href: link, label: 'Reset password' }),
    link,
  };
}

/**
 * The daily reminder (docs/product.md §14): a short nudge, the day's quote (from our own list, never anything a
 * person wrote) and a link to today's entry form. Every one carries its unsubscribe link twice: in the footer, for
 * people, and in List-Unsubscribe with List-Unsubscribe-Post (RFC 8058), for the mail program's own button, which
 * unsubscribes with one POST and no page.
 */
export function reminderMail(
  to: string,
  links: { write: string; unsubscribePage: string; oneClick: string },
  quote: { quote: string; author: string },
): OutgoingMail {
  const lines = [
    'Hello,',
    'A gentle nudge: today’s page in your Gratitude Journal is still waiting for you. A minute is enough, and three small things make a good day to remember.',
  ];
  const quoteLine = `“${quote.quote}”${quote.author ? ` (${quote.author})` : ''}`;
  const footer = 'You get this email because you turned on daily reminders in your Gratitude Journal settings.';
  const html = layout('A moment for gratitude', [...lines, quoteLine], { href: links.write, label: 'Write today’s entry' })
    .replace(
      '</body></html>',
      `<p style="font-size: 13px; color: #555;">${escapeHtml(footer)} <a href="${escapeHtml(links.unsubscribePage)}" style="color: #555;">Unsubscribe from reminders</a></p>\n</body></html>`,
    );
  return {
    to,
    subject: 'A moment for gratitude today',
    text: `${[...lines, quoteLine].join('\n\n')}\n\nWrite today’s entry: ${links.write}\n\n${footer}\nUnsubscribe from reminders: ${links.unsubscribePage}\n`,
    html,
    link: links.write,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const plural = (count: number, one: string, many: string) => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/**
 * The monthly look-back email (docs/product.md §14 and §18): on the first of a month, for writers who asked for it,
 * that the month before's look back is ready. Its month's name and counts only, never a word, tag or mood the writer
 * typed, and a link to today's list, where the look back shows. Like the daily reminder, it carries its unsubscribe
 * link in the footer and in List-Unsubscribe (RFC 8058); those links turn off this email alone.
 */
export function monthlyLookBackMail(
  to: string,
  month: { monthName: string; entries: number; daysWritten: number; longestStreak: number },
  links: { lookBack: string; unsubscribePage: string; oneClick: string },
): OutgoingMail {
  const streak = month.longestStreak > 1 ? `, and your longest streak was ${plural(month.longestStreak, 'day', 'days')}` : '';
  const lines = [
    'Hello,',
    `Your ${month.monthName} is ready to look back on in your Gratitude Journal.`,
    `In ${month.monthName} you wrote ${plural(month.entries, 'entry', 'entries')} on ${plural(month.daysWritten, 'day', 'days')}${streak}.`,
    'Open your journal this week to see how the month felt, what you were grateful for most, and three of its entries.',
  ];
  const label = `See your ${month.monthName}`;
  const footer = 'You get this email because you asked for a monthly look back in your Gratitude Journal reminder settings.';
  const html = layout(`Your ${month.monthName} in your journal`, lines, { href: links.lookBack, label }).replace(
    '</body></html>',
    `<p style="font-size: 13px; color: #555;">${escapeHtml(footer)} <a href="${escapeHtml(links.unsubscribePage)}" style="color: #555;">Stop the monthly emails</a></p>\n</body></html>`,
  );
  return {
    to,
    subject: `Your ${month.monthName} in your Gratitude Journal`,
    text: `${lines.join('\n\n')}\n\n${label}: ${links.lookBack}\n\n${footer}\nStop the monthly emails: ${links.unsubscribePage}\n`,
    html,
    link: links.lookBack,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
