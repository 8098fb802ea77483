"""Common Hebrew words that begin with one of the letters Hebrew writes onto a word as a
one-letter word (``text.hebrew.PREFIXES``), that letter their own: "שלום" (peace) is no "ש"
(that) + "לום", "משפט" (sentence, law) no "מ" (from) + "שפט" (judged), "כלום" (nothing) no
"כ" (as) + "לום".

Read as a prefix and a stem, two different common words shared a stem: "ושלום" (and peace)
was read also as "לום", as "כלום" was, so a search for "ושלום" looked for "וכלום" (and
nothing), and the rankers matched a claim's "שלום" with a passage's "כלום". A word here is a
word of its own (``text.hebrew.unprefixed_forms``): never read without its first letter, nor
made by writing a prefix onto a stem. Only words of four letters or more: a stem is never
under three letters, so a shorter word is never read without its first letter anyway.
"""

from __future__ import annotations

WHOLE_WORDS = frozenset(
    """
    שלום שלוש שלושה שלושים שמונה שמונים שאלה שאלות שאלון שימוש שימושי שיטה שיטות שינוי
    שינויים שבוע שבועות שעות שירות שירותים שמירה שליטה שיעור שיעורים שונים שונות שיפור
    שלבים שיתוף שכיחות שפעת שכבה שכבות
    כלום כלומר כמות כמויות כולם כולל כוללת כוללים כאשר כלכלה כלכלי כלכלית כללי
    כללית כיום כיוון כניסה כתיבה כמעט כימיה כימי כאבים כליות כבדה
    בעיה בעיות בדיקה בדיקות בריאות בחירה בחירות בסיס בסיסי ביותר בערך ביטוי
    ביטחון בטחון בנייה בגלל בלבד ביולוגיה ביולוגי בינה בריא בריאה
    לימוד לימודים למידה לקוח לקוחות לילה לשון לאומי לאומית לידה
    משפט משפטים משפחה משפחות מחקר מחקרים מדעי מדעית מערכת מערכות מספר מספרים מטרה
    מטרות מידע מקום מקומות מקרה מקרים מודל מודלים מבחן מבחנים מדיניות משתנה משתנים
    מחלה מחלות מטופל מטופלים ממשלה מורה מורים מוצר מוצרים מלחמה מבנה מעבדה מנגנון
    מרכז משמעות משמעותי מוות מאמר מאמרים מכון מגמה מכשיר משימה מידה מהלך מקור מקורות
    מדדים מחיר מחירים מושג מושגים מיקום מצבים מחשב מחשבה מדינה מדינות מטופלות מחלקה
    משתתפים משתתף מאפיינים מהירות מוסד מוסדות מינון מערך מבוגרים מחקרי
    השפעה השפעות הבדל הבדלים הוראה הערכה הכשרה הגדרה התנהגות התפתחות הורים הוכחה
    היסטוריה הצלחה הסבר הנחה החלטה הבנה הפרעה הפרעות הליך הכנה השוואה השערה הריון
    התערבות התמודדות הפחתה השכלה הגנה
    ועדה ויכוח וריד ודאות ותיק ויטמין ויטמינים וירוס וירוסים
    """.split()
)
