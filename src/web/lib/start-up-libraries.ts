// The libraries every page runs on, loaded by main.tsx as a step of their own: running their code is a
// task of its own on a slow phone's main thread, apart from React's before it and the app's after it.
// biome-ignore lint/performance/noBarrelFile: a chunk boundary main.tsx loads as a step of its own (above).
export { MantineProvider } from '@mantine/core';
export { QueryClientProvider } from '@tanstack/react-query';
export { RouterProvider } from 'react-router';
