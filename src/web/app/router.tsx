import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './Layout';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundPage } from './NotFoundPage';

// Every screen but home loads lazily, so the first page downloads only what it shows.
const DeckRoute = lazy(() => import('./routes/DeckRoute'));
const SearchResultsPage = lazy(() => import('../features/search/SearchResultsPage'));
const UserPage = lazy(() => import('../features/users/UserPage'));
const ProfilePage = lazy(() => import('../features/accounts/ProfilePage'));
const ResetPasswordPage = lazy(() => import('../features/accounts/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('../features/accounts/VerifyEmailPage'));
const CardEditorPage = lazy(() => import('../features/card-editor/CardEditorPage'));
const InnkeeperPage = lazy(() => import('../features/innkeeper/InnkeeperPage'));
const ModerationPage = lazy(() => import('../features/moderation/ModerationPage'));
const RecognitionPage = lazy(() => import('../features/moderation/RecognitionPage'));
const CardPage = lazy(() => import('../features/cards/CardPage'));
const MetaPage = lazy(() => import('../features/meta/MetaPage'));
const CompareDecksPage = lazy(() => import('../features/decks/CompareDecksPage'));
const DeckBuilderRoute = lazy(() => import('./routes/DeckBuilderRoute'));
const EditDeckCardsRoute = lazy(() => import('./routes/EditDeckCardsRoute'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomeRoute withGallery /> },
      { path: '/decks', element: <HomeRoute /> },
      { path: '/decks/new', element: <DeckBuilderRoute /> },
      { path: '/decks/:deckId', element: <DeckRoute /> },
      { path: '/decks/:deckId/compare/:otherId', element: <CompareDecksPage /> },
      { path: '/decks/:deckId/edit-cards', element: <EditDeckCardsRoute /> },
      { path: '/deck-search-results', element: <SearchResultsPage /> },
      { path: '/users/:username', element: <UserPage /> },
      { path: '/profile', element: <ProfilePage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '/customcards', element: <CardEditorPage /> },
      { path: '/innkeepers-decks', element: <InnkeeperPage /> },
      { path: '/moderation', element: <ModerationPage /> },
      { path: '/moderation/recognition', element: <RecognitionPage /> },
      { path: '/cards/:code', element: <CardPage /> },
      { path: '/meta', element: <MetaPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
