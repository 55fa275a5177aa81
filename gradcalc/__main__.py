from gradcalc.cli.main import main

raise SystemExit(main())
