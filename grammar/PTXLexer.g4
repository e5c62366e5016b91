// PTXLexer.g4 - the tokens of the PTX module language (PTX ISA 9.0, 4.1-4.5).
//
// This grammar is the SPECIFICATION of the tokens. The parser is fed by the
// hand-written lib/Parse/Lexer.cpp (for speed), which must
// produce exactly the tokens this grammar defines; unittests/Parse/
// LexerTest.cpp checks that token for token on the corpus. Change both
// together.
lexer grammar PTXLexer;

// Whitespace and comments carry no meaning (PTX ISA 4.1, 4.2).
WS            : [ \t\r\n\f\u000B]+ -> skip ;
LINE_COMMENT  : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;

// Directive keywords the grammar needs to tell apart (PTX ISA 11.1). A
// state-space keyword may carry a `::` sub-qualifier (`.shared::cta`). A
// longer dotted word (`.versionx`) is a DOT_IDENT: longest match wins, and
// on equal length the keyword (listed first) wins.
VERSION       : '.version' ;
TARGET        : '.target' ;
ADDRESS_SIZE  : '.address_size' ;
FILE          : '.file' ;
LOC           : '.loc' ;
PRAGMA        : '.pragma' ;
SECTION       : '.section' ;
ENTRY         : '.entry' ;
FUNC          : '.func' ;
VISIBLE       : '.visible' ;
EXTERN        : '.extern' ;
WEAK          : '.weak' ;
COMMON        : '.common' ;
ALIGN         : '.align' ;
PTR           : '.ptr' ;
CALLPROTOTYPE : '.callprototype' ;
BRANCHTARGETS : '.branchtargets' ;
CALLTARGETS   : '.calltargets' ;
REG           : '.reg' SCOPE? ;
SREG          : '.sreg' SCOPE? ;
LOCAL         : '.local' SCOPE? ;
SHARED        : '.shared' SCOPE? ;
PARAM         : '.param' SCOPE? ;
CONST         : '.const' SCOPE? ;
GLOBAL        : '.global' SCOPE? ;
TEX           : '.tex' SCOPE? ;

// Any other dotted word: qualifiers (`.sync`, `.b32`, `.m8n8`, `.2d`,
// `.L2::cache_hint`), types, and directives the grammar treats generically.
DOT_IDENT     : '.' FOLLOWSYM+ SCOPE? ;

// Literals (PTX ISA 4.5). Hex floats: `0f` + exactly 8 hex digits (f32 bits),
// `0d` + exactly 16 (f64 bits). Integers: hex, binary, decimal/octal, with an
// optional U suffix; their value and radix are decoded by the AST builder.
FLOAT
  : '0' [fF] HEX HEX HEX HEX HEX HEX HEX HEX
  | '0' [dD] HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX HEX
  | DIGIT+ '.' DIGIT* EXPONENT?
  | DIGIT+ EXPONENT
  ;
INT
  : '0' [xX] HEX+ 'U'?
  | '0' [bB] [01]+ 'U'?
  | DIGIT+ 'U'?
  ;

STRING        : '"' (~["\\\r\n] | '\\' ~[\r\n])* '"' ;

// Identifiers (PTX ISA 4.4): [a-zA-Z]followsym* | [_$%]followsym+. A lone
// `_` is the sink; a lone `%` is the modulo operator.
IDENT         : [a-zA-Z] FOLLOWSYM* | [_$%] FOLLOWSYM+ ;
UNDERSCORE    : '_' ;

LBRACE   : '{' ;
RBRACE   : '}' ;
LPAREN   : '(' ;
RPAREN   : ')' ;
LBRACK   : '[' ;
RBRACK   : ']' ;
COMMA    : ',' ;
SEMI     : ';' ;
COLON    : ':' ;
AT       : '@' ;
EQ       : '=' ;
PLUS     : '+' ;
MINUS    : '-' ;
STAR     : '*' ;
SLASH    : '/' ;
PERCENT  : '%' ;
TILDE    : '~' ;
BANG     : '!' ;
AMP      : '&' ;
CARET    : '^' ;
PIPE     : '|' ;
QUESTION : '?' ;
LT       : '<' ;
GT       : '>' ;
LE       : '<=' ;
GE       : '>=' ;
EQEQ     : '==' ;
NE       : '!=' ;
SHL      : '<<' ;
SHR      : '>>' ;
ANDAND   : '&&' ;
OROR     : '||' ;

// Anything else is one ERROR token; the parser reports it in place.
ERROR_CHAR : . ;

fragment FOLLOWSYM : [a-zA-Z0-9_$] ;
fragment SCOPE     : ('::' FOLLOWSYM+)+ ;
fragment DIGIT     : [0-9] ;
fragment HEX       : [0-9a-fA-F] ;
fragment EXPONENT  : [eE] [+-]? DIGIT+ ;
