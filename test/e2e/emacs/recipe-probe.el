;; Run after docs/editors.md's Emacs recipe by emacs-recipe.test.ts: visits PROBE_FILE, waits for
;; eglot's Flymake diagnostics, asks for a hover at the start of line PROBE_HOVER_LINE, and writes
;; what it saw (major mode, project root, diagnostics, hover, errors) as JSON to PROBE_OUT.
(require 'json)
(defvar probe-result nil)
(defun probe-note (key value) (push (cons key value) probe-result))
(condition-case failure
    (progn
      (unless (locate-library "eglot")
        (error "eglot is not installed: apt-get install elpa-eglot (Emacs 28), or use Emacs 29+"))
      (find-file (getenv "PROBE_FILE"))
      ;; eglot-ensure connects after the next command, and a batch Emacs runs none: run the hook.
      (run-hooks 'post-command-hook)
      (probe-note 'mode (symbol-name major-mode))
      (let ((server (or (eglot-current-server) (error "The recipe started no eglot server")))
            (deadline (+ (float-time) 20)))
        (probe-note 'root (project-root (eglot--project server)))
        (while (and (null (flymake-diagnostics)) (< (float-time) deadline))
          (flymake-start)
          (accept-process-output nil 0.1))
        (probe-note 'diagnostics
                    (vconcat (mapcar (lambda (diagnostic)
                                       `((line . ,(line-number-at-pos (flymake-diagnostic-beg diagnostic)))
                                         (type . ,(symbol-name (flymake-diagnostic-type diagnostic)))
                                         (text . ,(flymake-diagnostic-text diagnostic))))
                                     (flymake-diagnostics))))
        (goto-char (point-min))
        (forward-line (1- (string-to-number (getenv "PROBE_HOVER_LINE"))))
        (let ((hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams))))
          (probe-note 'hover (plist-get (plist-get hover :contents) :value)))
        (eglot-shutdown server)))
  (error (probe-note 'error (error-message-string failure))))
(with-temp-file (getenv "PROBE_OUT")
  (insert (json-encode probe-result)))
