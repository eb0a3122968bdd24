import { startApp } from './app-start';
import 'virtual:theme-colors.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startApp(container);
