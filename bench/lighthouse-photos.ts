import { benchLighthousePhotos } from './client';

// Lighthouse on the journal with photos on its first screen, alone (after `npm run build`): its figures as JSON.
process.stdout.write(`${JSON.stringify(await benchLighthousePhotos())}\n`);
