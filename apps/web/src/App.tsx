import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { api, sessionStore } from './api';
import { AuthProvider } from './auth/AuthProvider';
import { AppConfigProvider } from './config/AppConfigProvider';
import { createAppRouter } from './routes';

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppConfigProvider api={api}>
      <AuthProvider api={api} store={sessionStore}>
        <RouterProvider router={router} />
      </AuthProvider>
    </AppConfigProvider>
  );
}
