// Every user-facing text of the forms and alerts, once, for the web forms and the server's answers.

export const MESSAGES = {
  upload: {
    imageRequired: 'Please select an image file to upload.',
    /** Not in SPEC.md: a publish naming a reading that is another player's, published already, or swept after its day. */
    readingUnavailable: 'This screenshot reading is no longer available. Please upload the image again.',
    invalidImage: 'Please upload a valid image file.',
    /** Not in SPEC.md: an image whose size or shape is no deck screenshot's needs a text of its own. */
    imageTooLarge: 'The image is too large.',
    imageTooElongated: 'The image is too long and narrow for a deck screenshot.',
    titleRequired: 'Title is required',
    tooFewCards: 'At least 5 cards must be detected',
    categoryRequired: 'Must choose at least one album, collection, or deck tag.',
    /** An edit of a published deck's cards: a full deck, each card once (issue 38). */
    editNeedsFullDeck: 'A corrected deck has exactly 18 cards.',
    editDuplicateCards: 'Each card can be in a deck only once.',
    editCodesNeedCards: 'Send the cards with their codes, one code per card in the same order.',
    noCardsDetected: 'No cards detected. Please try another image.',
    /** Card-shaped text was read, but none of it names a card of the catalog (an empty or outdated list, say). */
    noCatalogMatch: (read: number) =>
      `Read ${read} card names, but the card list has no match for them. The card list may be out of date: an operator can import a newer one (npm run cards:import).`,
    /** Issue #36: a tile whose name is in no card of the catalog, read with its printed code. */
    notInCardList: 'not in the card list yet',
    notInCardListHelp:
      'The game may have added this card since the card list was updated. Check its code and name as printed on the card: publishing proposes it to the moderators.',
    newCardCodeInvalid: (code: string) =>
      `${code || 'An empty code'} is not a card code: capitals then digits, as printed above the card's name (e.g. EES022).`,
    newCardCodeTaken: (code: string, name: string) => `${code} is ${name} in the card list: use that card instead.`,
    newCardRejected: (code: string) => `A moderator turned down ${code} as a new card: please check the code.`,
    trySample: 'Try a sample screenshot',
    sampleUnavailable: 'The sample screenshot is not available right now.',
    /** Not in SPEC.md: with REDIS_URL, no `npm run worker` process is running to read the screenshot. */
    readerNotRunning: 'The card reader is not running. Please try again later.',
    /** Before publishing: a public deck already holds most of the same cards. `title` is shown as a link. */
    matchesDeck: (title: string, shared: number, cards: number) =>
      `This deck matches ${title} (${shared} of ${cards} cards)`,
    success: 'Deck uploaded successfully.',
    failure: 'Deck upload failed. Please try again later.',
    /** Issue #38: the deck code is a field of the review, checked as the game prints codes. */
    deckCodeLabel: 'Deck code',
    deckCodeHint: 'As the game shows it, e.g. UH42XD; leave empty when there is none.',
    deckCodeCharacters: 'A deck code has only letters and digits, e.g. UH42XD.',
    deckCodeTooLong: (max: number) => `The deck code can be at most ${max} characters.`,
    /** Issue #38: publishing a near-copy (all cards, or the same deck code) asks first. */
    nearCopyTitle: 'Publish this deck anyway?',
    nearCopyConfirm: 'Publish anyway',
    /** `title` is shown as a link to the deck. */
    nearCopyCards: (title: string, shared: number, cards: number) =>
      `${title} already has the same cards (${shared} of ${cards}).`,
    nearCopyCode: (title: string, code: string) => `${title} already has the deck code ${code}.`,
    nearCopyOwn: 'It is your own deck: you can correct its cards and code instead.',
    nearCopyOther: (user: string) => `It was published by ${user}.`,
  },
  editDeck: { success: 'Deck edited successfully.' },
  /** The deck builder (/decks/new) and decks as text: not in SPEC.md, issue #39. */
  builder: {
    needsFullDeck: (size: number) =>
      `A deck published without a screenshot needs ${size} cards, each with its card code (cardCodes).`,
    duplicateCards: (codes: string) => `A deck holds each card once: ${codes} more than once.`,
    deckFull: (size: number) => `A deck holds at most ${size} cards.`,
    copied: 'Deck copied as text.',
    editInBuilder: 'Edit in the builder',
    buildWithout: 'No screenshot? Build the deck',
    headerLink: 'Build a deck',
    copyFailed: 'Could not copy: select the text and copy it yourself.',
  },
  registration: {
    emailRequired: 'Please input your email address.',
    usernameRequired: 'Please input your username.',
    passwordRequired: 'Please input your password.',
    confirmRequired: 'Please confirm your password.',
    invalidEmail: 'Please input a valid email address.',
    emailInUse: 'Email Address already in use!',
    usernameInUse: 'Username already in use!',
    passwordsMustMatch: 'Passwords must match!',
    passwordTooShort: 'Password must contain at least 8 characters!',
    passwordCharacters: 'Password can only contain letters, numbers, !, #, $, ^, and *.',
    /** The username rule (3–32 of letters, digits, _ . -) needs a text of its own. */
    usernameInvalid: 'Username must be 3 to 32 characters: letters, numbers, _, . or -.',
  },
  login: {
    usernameRequired: 'Please input your username.',
    passwordRequired: 'Please input your password.',
    unknownUser: 'User does not exist!',
    wrongPassword: 'Password is incorrect or user not found.',
  },
  passwordReset: {
    done: 'Password has been reset.',
    failed: 'Failed to reset password.',
    error: 'An error occurred while resetting the password.',
    emailSent: 'Password reset email sent.',
    emailFailed: 'Failed to send password reset email.',
    emailError: 'An error occurred while sending the email.',
  },
  comments: { added: 'Comment added!' },
  /** Proving an account's e-mail address (a mailed link, then the button of the page it opens). */
  emailVerification: {
    sent: 'We sent you an e-mail with a link that confirms your address.',
    notConfirmed:
      'Your e-mail address is not confirmed yet. Open the link we e-mailed you and press its button to confirm it.',
    sendButton: 'Send confirmation e-mail',
    sendFailed: 'The confirmation e-mail could not be sent. Please try again later.',
    alreadyVerified: 'Your e-mail address is already confirmed.',
    providerNeedsVerifiedEmail:
      'An account with this e-mail address exists, but its address is not confirmed yet. Sign in with your password first (or reset it with "Forgot password"), then sign in with the provider again or confirm your address from the e-mail we send you.',
    /** The page a mailed link opens: the button confirms (following the link alone does not). */
    confirmPrompt: 'Confirm that this e-mail address belongs to your Deckhub account.',
    confirmButton: 'Confirm my e-mail address',
    confirmed: 'Thank you: your e-mail address is confirmed.',
    linkInvalid: 'This confirmation link is invalid or has expired.',
  },
  /** Account settings on the own profile: password, address, export and deletion. */
  account: {
    currentPasswordRequired: 'Please input your current password.',
    wrongPassword: 'Your current password is incorrect.',
    noPassword:
      'Your account signs in through the provider and has no password: use "Forgot password" to choose one first.',
    passwordChanged: 'Password changed. You were signed out everywhere else.',
    sameEmail: 'This is already your e-mail address.',
    emailChangeSent: 'We sent a link to your new address: your address changes once you confirm it there.',
    emailChanged: 'Thank you: your new e-mail address is confirmed and now used for your account.',
    confirmUsernameMismatch: 'Type your username to confirm.',
    deleteTitle: 'Delete your account?',
    deleteWarning:
      'Your decks and comments are removed, your votes withdrawn and you are signed out. This cannot be undone.',
    deleted: 'Your account has been deleted.',
    exportButton: 'Download my data',
  },
  /** Each 429 says what was refused; the server adds when to try again. */
  rateLimits: {
    signIn: 'Too many failed sign-in attempts.',
    registration: 'Too many registrations from your network.',
    resetRequests: 'Too many password reset requests.',
    resetAttempts: 'Too many attempts with password reset links.',
    comments: 'You are posting comments too quickly.',
    publishes: 'You are publishing decks too quickly.',
    reports: 'You have sent many reports in a short time.',
    verifyMails: 'Too many verification e-mails requested.',
    verifyAttempts: 'Too many attempts with invalid confirmation links.',
  },
  /** Reports and moderation (not in SPEC.md: features added since). */
  moderation: {
    reported: 'Thank you: a moderator will look at your report.',
    alreadyReported: (item: 'deck' | 'comment') => `You have already reported this ${item}.`,
    reasonRequired: 'Please say what is wrong with it.',
    alreadyHidden: (item: 'deck' | 'comment') => `This ${item} is already hidden.`,
    notHidden: (item: 'deck' | 'comment') => `This ${item} is not hidden.`,
    noOpenReports: (item: 'deck' | 'comment') => `This ${item} has no open reports.`,
    hiddenNotice: (item: 'deck' | 'comment') => `A moderator hid this ${item}: only you and the moderators see it.`,
    emptyQueue: 'No reports are waiting, and nothing is hidden.',
    /** Issue #36: cards read from screenshots that the catalog lacks. */
    proposalsTitle: 'New cards from screenshots',
    noProposals: 'No new cards are waiting.',
    proposalApproved: (code: string, name: string) => `${name} (${code}) is in the card list now.`,
    proposalRejected: (code: string) => `${code} was rejected.`,
    proposalDecided: 'This card was approved or rejected already.',
    proposalCodeTaken: (code: string) => `The card list has ${code} already.`,
  },
  cardEditor: { invalidAbility: 'Invalid ability type.' },
  decks: {
    /** Not in SPEC.md: the text search of decks (issue #38), its box and the results' heading. */
    searchTextLabel: 'Title, deck code or author',
    searchTextPlaceholder: 'Search by title, deck code or author',
    resultsFor: (text: string) => `Results for “${text}”`,
    loading: 'Loading decks...',
    none: 'No decks found!',
    similarTitle: 'Similar decks',
    sharedCards: (shared: number, cards: number) => `${shared} of ${cards} cards`,
    /** Issue #39: the differences of a similar deck, and the side-by-side comparison. */
    onlyHere: 'Only here',
    onlyThere: 'Only there',
    compare: 'Compare',
    compareTitle: (a: string, b: string) => `${a} compared with ${b}`,
    copyAsText: 'Copy as text',
    copyToBuilder: 'Copy to the builder',
    /** Under a search picker holding 2 or more values (issue 38): what several picks mean. */
    pickedAllOf: (count: number, kind: string) => `Decks with all ${count} of these ${kind}`,
    pickedAnyOfLeftOut: (count: number, kind: string) => `Decks with any of these ${count} ${kind} are left out`,
    /** Issue #38/#39: correcting a published deck's cards and code, and the lists it had. */
    editCards: 'Edit cards',
    editCardsTitle: (title: string) => `Edit the cards of ${title}`,
    saveCards: 'Save the cards',
    cardsSaved: 'Cards saved.',
    historyTitle: 'History',
    versionPublished: 'Published',
    versionChanged: 'Cards changed',
    versionAdded: 'Added',
    versionRemoved: 'Removed',
    versionNoChange: 'Same cards, new order or code.',
  },
  /** Above a table wider than a phone, which scrolls sideways (components/ScrollRegion.tsx). */
  scrollSideways: 'Swipe or scroll sideways to see every column →',
  /** Landing after the sign-in provider sent the browser back without a session. */
  providerSignIn: {
    failed: 'Sign-in with the provider failed. Please try again.',
    /** A provider sign-in met a password account not linked to the provider yet: its password links it. */
    linkPrompt: (username: string) =>
      `An account (${username}) already uses this e-mail address. Enter its password once to sign in with the provider from now on. If it is not your account, or you forgot its password, use "Forgot password".`,
    linkButton: 'Link and sign in',
  },
} as const;
