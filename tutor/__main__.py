import sys

from tutor.cli import main

if __name__ == "__main__":  # worker processes (hand review) import this module again
    sys.exit(main())
