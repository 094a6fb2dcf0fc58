"""The scope of an unread ability (CR 113.6, 604, 611.3): what it could affect, read
from its words, and whether an unread ability could change an answer."""
