"""Banks of cases: which files a bank holds (configuration, include/exclude, git), its
lock file, and running its cases in this process or across workers."""
