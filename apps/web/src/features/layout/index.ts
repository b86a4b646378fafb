// features/layout's public entry: the frame the app puts around every page (docs/decisions/029).
export { Footer } from './components/footer';
export { Header } from './components/header';
