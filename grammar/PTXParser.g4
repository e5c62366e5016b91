// PTXParser.g4 - the PTX module language (PTX ISA 9.0, chapters 4, 5, 11).
//
// Instructions have a GENERIC shape (guard, opcode, dotted qualifiers in any
// order, operands of every form): which opcodes, qualifiers and operand kinds
// are legal is decided later by Sema from the instruction table, so new
// instructions need no grammar change.
//
// The parser runs on one top-level item at a time (class Chunker in
// lib/Parse/Parser.cpp cuts the token stream at top-level boundaries), so the
// start rule is `chunk`.
// Decisions are kept LL(1) where possible (ANTLR then emits a plain switch
// instead of calling adaptivePredict), which is most of the parser's speed.
parser grammar PTXParser;

options { tokenVocab = PTXLexer; }

chunk : topItem* EOF ;

// A slice of a large function body (the chunker cuts bodies of more than
// ParseOptions::SliceTokens tokens at statement boundaries, so a huge
// function never has its whole parse tree in memory at once).
statements : statement* EOF ;

// A slice of a large `.section` body (cut likewise, before a data line that
// follows a number or a `;`, where no value list can continue).
sectionItems : sectionItem* EOF ;

topItem
  : VERSION (FLOAT | INT)                                  # versionDir
  | TARGET IDENT (COMMA IDENT)*                            # targetDir
  | ADDRESS_SIZE INT                                       # addressSizeDir
  | FILE INT STRING (COMMA INT)*                           # fileDir
  | pragmaDir                                              # topPragma
  | SECTION DOT_IDENT LBRACE sectionItem* RBRACE           # sectionDir
  | linkage* declOrFunc                                    # linkedItem
  | DOT_IDENT directiveArgs? SEMI                          # topDirective
  ;

linkage : VISIBLE | EXTERN | WEAK | COMMON ;

declOrFunc
  : (ENTRY | FUNC) returnList? IDENT paramList? funcAttr* (block | SEMI) # function
  | varDecl SEMI                                                        # globalVar
  ;

returnList : LPAREN (param (COMMA param)*)? RPAREN ;
paramList  : LPAREN (param (COMMA param)*)? RPAREN ;
param      : space declAttr* declarator ;

// Performance-tuning and other directives after the parameter list.
funcAttr : DOT_IDENT directiveArgs? | PRAGMA STRING (COMMA STRING)* SEMI ;

// [linkage] space [.align N] [.v2] type [.ptr ...] declarator, ... (5.4).
varDecl    : space declAttr* declarator (COMMA declarator)* ;
space      : REG | SREG | LOCAL | SHARED | PARAM | CONST | GLOBAL | TEX ;
declAttr   : ALIGN INT | PTR | DOT_IDENT | space ;
declarator : (IDENT | UNDERSCORE) (LT INT GT)? arrayDim* (EQ initializer)? ;
arrayDim   : LBRACK expr? RBRACK ;
initializer
  : LBRACE (initializer (COMMA initializer)*)? RBRACE      # listInit
  | IDENT LPAREN expr RPAREN (PLUS expr)?                  # genericInit
  | expr                                                   # exprInit
  ;

sectionItem
  : IDENT COLON                                            # sectionLabel
  | DOT_IDENT (dataValue (COMMA dataValue)*)? SEMI?         # sectionData
  ;
// `.b32 .debug_loc+131`: a section name (plus a byte offset) as a value.
dataValue : expr | STRING | DOT_IDENT (PLUS expr)? ;

directiveArgs : directiveArg (COMMA directiveArg)* ;
directiveArg  : expr | STRING ;

pragmaDir : PRAGMA STRING (COMMA STRING)* SEMI ;

block : LBRACE statement* RBRACE ;

// Qualifiers: any dotted word after the opcode, keywords included
// (`ld.global`, `ld.weak`, `st.shared::cta`). The token set is written out
// inline (no rule): a context object per qualifier was a measurable share of
// the parse time; so is the operand list (the operands are children of
// the statement).
statement
  : IDENT ( COLON labelTail?
          | ( DOT_IDENT | REG | SREG | LOCAL | SHARED | PARAM | CONST | GLOBAL
            | TEX | WEAK | COMMON | ALIGN | PTR | ENTRY | FUNC | VISIBLE
            | EXTERN | FILE | LOC | SECTION | PRAGMA | VERSION | TARGET
            | ADDRESS_SIZE | CALLPROTOTYPE | BRANCHTARGETS | CALLTARGETS )*
            (operand (COMMA operand)*)? SEMI )             # identStmt
  | guard IDENT
          ( DOT_IDENT | REG | SREG | LOCAL | SHARED | PARAM | CONST | GLOBAL
            | TEX | WEAK | COMMON | ALIGN | PTR | ENTRY | FUNC | VISIBLE
            | EXTERN | FILE | LOC | SECTION | PRAGMA | VERSION | TARGET
            | ADDRESS_SIZE | CALLPROTOTYPE | BRANCHTARGETS | CALLTARGETS )*
            (operand (COMMA operand)*)? SEMI               # guardedInstr
  | varDecl SEMI                                           # localVar
  | LOC INT INT INT (COMMA locAttr)*                       # locDir
  | pragmaDir                                              # bodyPragma
  | DOT_IDENT directiveArgs? SEMI                          # bodyDirective
  | block                                                  # blockStmt
  ;

// `label: .callprototype ...`, `label: .branchtargets ...`, `.calltargets`.
labelTail
  : CALLPROTOTYPE returnList? UNDERSCORE paramList? DOT_IDENT* SEMI
  | (BRANCHTARGETS | CALLTARGETS) IDENT (COMMA IDENT)* SEMI
  ;

locAttr
  : IDENT IDENT (PLUS INT)?          // function_name sym[+off]
  | IDENT INT INT INT                // inlined_at file line col
  ;

// `@p`, `@!p` (ptxas: `@!!p`, `@1`, `@_` are syntax errors).
guard : AT BANG? IDENT ;


// The first two alternatives are the common cases of the last one, listed
// first so that a plain register or integer needs no expression subtree.
operand
  : IDENT                                                  # nameOperand
  | INT                                                    # intOperand
  | UNDERSCORE                                             # sinkOperand
  | IDENT PIPE (IDENT | UNDERSCORE)                        # pairOperand
  | UNDERSCORE PIPE IDENT                                  # sinkPairOperand
  | IDENT DOT_IDENT                                        # componentOperand
  | MINUS IDENT DOT_IDENT                                  # negComponentOperand
  // `{d0, d1, d2, d3}|p`: tex/tld4 with the residency predicate (PTX ISA
  // 9.7.10.3, 9.7.10.4).
  | LBRACE operand (COMMA operand)* RBRACE PIPE IDENT      # vectorPairOperand
  | LBRACE (operand (COMMA operand)*)? RBRACE              # vectorOperand
  | LBRACK expr (COMMA operand)* RBRACK                    # addressOperand
  | LPAREN (operand (COMMA operand)*)? RPAREN              # listOperand
  | STRING                                                 # stringOperand
  | expr                                                   # exprOperand
  ;

// Constant expressions with C precedence (PTX ISA 4.6).
expr
  : INT                                                    # intExpr
  | FLOAT                                                  # floatExpr
  | IDENT                                                  # nameExpr
  | LPAREN expr RPAREN                                     # parenExpr
  | op=(MINUS | TILDE | BANG | PLUS) expr                  # unaryExpr
  | expr op=(STAR | SLASH | PERCENT) expr                  # binaryExpr
  | expr op=(PLUS | MINUS) expr                            # binaryExpr
  | expr op=(SHL | SHR) expr                               # binaryExpr
  | expr op=(LT | GT | LE | GE) expr                       # binaryExpr
  | expr op=(EQEQ | NE) expr                               # binaryExpr
  | expr op=AMP expr                                       # binaryExpr
  | expr op=CARET expr                                     # binaryExpr
  | expr op=PIPE expr                                      # binaryExpr
  | expr op=ANDAND expr                                    # binaryExpr
  | expr op=OROR expr                                      # binaryExpr
  | <assoc=right> expr QUESTION expr COLON expr            # condExpr
  ;
