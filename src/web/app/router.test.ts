import { LAZY_PAGE_MODULES, PAGE_PATHS } from '../../common/pages';
import { router } from './router';

test('the server knows every page of the router (it answers 404 for any other path)', () => {
  const paths = router.routes
    .flatMap((route) => route.children ?? [])
    .map((route) => route.path)
    .filter((path) => path !== '*');
  expect(paths).toEqual([...PAGE_PATHS]);
});

test("the server's list of lazily loaded page modules is the router's (it preloads their chunks)", async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  // Read as text: the router's lazy imports name each page's module, relative to src/web/app.
  const source = fs.readFileSync(path.resolve('src/web/app/router.tsx'), 'utf8');
  const modules = Object.fromEntries(
    [...source.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)].map(([, name, from]) => [
      name,
      `${path.posix.join('app', from)}.tsx`,
    ]),
  );
  const lazyPages = Object.fromEntries(
    [...source.matchAll(/\{ path: '([^']+)', element: <(\w+)[ />]/g)]
      .filter(([, , name]) => name in modules)
      .map(([, path, name]) => [path, modules[name]]),
  );
  expect(Object.keys(lazyPages).length).toBeGreaterThan(5);
  expect(lazyPages).toEqual(LAZY_PAGE_MODULES);
});
