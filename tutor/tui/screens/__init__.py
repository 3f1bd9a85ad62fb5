"""The app's screens, one module each, loaded when first opened
(:data:`tutor.tui.app.SCREENS`)."""
