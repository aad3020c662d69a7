! race: yes
! Taskloop iterations read what neighbouring iterations write.
program taskloop_shift
  implicit none
  integer :: i
  integer :: g(400)
  g = 1
  !$omp parallel
  !$omp single
  !$omp taskloop
  do i = 1, 399
    g(i) = g(i + 1) + 1
  end do
  !$omp end taskloop
  !$omp end single
  !$omp end parallel
  print *, g(1)
end program
