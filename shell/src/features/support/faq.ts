/**
 * The four questions a shop owner asks first (the spec fixes four items and
 * leaves their text open). Written for shop users; the super admin reads the
 * same answers to help them.
 */
export const FAQ = [
  {
    question: 'How do I get more containers?',
    answer:
      'Open Requests in the menu (or the round + button), choose how many of each container type you need, from 0 to 99, and press Send Request. The request waits under Pending until the provider accepts or denies it; accepted containers are added to your stock at once.',
  },
  {
    question: 'How do returns and deposits work?',
    answer:
      'When you lend a container, your client pays its guarantee. When the client brings it back, scan it as returned: it goes back into your stock, the guarantee is refunded and the loan moves to Returns. Loans past their deadline are marked in the Loans list.',
  },
  {
    question: 'What do I do with a damaged container?',
    answer:
      'Take it back from the client as usual so the loan is closed, keep it apart from the clean stock and tell us through the chat with its code (printed under the QR label). We collect damaged containers and replace them through a new request.',
  },
  {
    question: 'How do I change my password?',
    answer:
      'On the login page choose Forgot Password?, enter your shop e-mail and press Send Email. Type the 6-digit code we e-mail you and your new password twice. The provider can also set a new password for your shop on request.',
  },
] as const;
