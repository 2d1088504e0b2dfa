// electron-vite's `?asset` imports in main: the file is copied beside the build, its path imported.
/// <reference types="electron-vite/node" />
