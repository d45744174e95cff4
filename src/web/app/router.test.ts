import { PAGE_PATHS } from '../../common/pages';
import { router } from './router';

test('the server knows every page of the router (it answers 404 for any other path)', () => {
  const paths = router.routes.flatMap((route) => route.children ?? []).map((route) => route.path).filter((path) => path !== '*');
  expect(paths).toEqual([...PAGE_PATHS]);
});
