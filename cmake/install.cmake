# Install rules (owned by the packaging work; see issue "Vendoring and packaging").
include(GNUInstallDirs)
